import jax
from flax import nnx


class MLPStage(nnx.Module):
  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.fc1 = nnx.Linear(dim, 2 * dim, rngs=rngs)
    self.fc2 = nnx.Linear(2 * dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


def create_stages(num_stages: int, dim: int, seed: int = 0):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return MLPStage(dim, rngs=rngs)

  return create(nnx.Rngs(seed))
