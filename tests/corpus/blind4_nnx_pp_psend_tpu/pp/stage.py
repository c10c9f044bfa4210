from flax import nnx
import jax


class MLPStage(nnx.Module):
  """One pipeline stage: a pre-norm residual MLP."""

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.fc1 = nnx.Linear(dim, hidden, rngs=rngs)
    self.fc2 = nnx.Linear(hidden, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


def make_stages(num_stages: int, dim: int, hidden: int, seed: int = 0):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs):
    return MLPStage(dim, hidden, rngs=rngs)

  return create(nnx.Rngs(seed))
