from flax import nnx

from models.blocks import TPMLPBlock


class ResidualTPBlock(TPMLPBlock):
  """Pre-norm residual wrapper around the tensor-parallel MLP."""

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    super().__init__(d_model, d_ff, rngs=rngs)
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)

  def __call__(self, x):
    return x + super().__call__(self.norm(x))


class TPStack(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, num_layers: int, *, rngs: nnx.Rngs):
    self.layers = nnx.List(
        [ResidualTPBlock(d_model, d_ff, rngs=rngs) for _ in range(num_layers)])
    self.head = nnx.Linear(d_model, 1, rngs=rngs)

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return self.head(x)
