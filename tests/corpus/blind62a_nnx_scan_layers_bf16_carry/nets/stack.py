from flax import nnx

from .layers import MLPLayer


class MLPStack(nnx.Module):

  def __init__(self, dim: int, num_layers: int, *, rngs: nnx.Rngs):
    self.num_layers = num_layers

    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_layer(rngs: nnx.Rngs):
      return MLPLayer(dim, rngs=rngs)

    self.layers = create_layer(rngs)

  def __call__(self, x):

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def forward(x, layer):
      return layer(x)

    return forward(x, self.layers)
