import jax
from flax import nnx

LAYER_AXIS = 'layers'


class MLPLayer(nnx.Module):
  def __init__(self, d, rngs: nnx.Rngs):
    self.w = nnx.Param(
        nnx.initializers.lecun_normal()(rngs.params(), (d, d)),
        sharding_names=(None, 'model'),
    )

  def __call__(self, x):
    return jax.nn.silu(x @ self.w[...])


class MLPStack(nnx.Module):
  def __init__(self, d, depth, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=0, out_axes=0, transform_metadata={nnx.PARTITION_NAME: LAYER_AXIS})
    def make_layers(rngs):
      return MLPLayer(d, rngs)

    self.layers = make_layers(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: LAYER_AXIS})
    def step(layer, h):
      return layer(h)

    return step(self.layers, x)
