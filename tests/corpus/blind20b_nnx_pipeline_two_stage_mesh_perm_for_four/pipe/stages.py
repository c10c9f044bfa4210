import jax
from flax import nnx


class StageMLP(nnx.Module):
  def __init__(self, d, *, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + jax.nn.gelu(self.lin(self.norm(x)))


def make_stacked_stages(d, num_stages, seed=0):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return StageMLP(d, rngs=rngs)

  return create(nnx.Rngs(seed))
