from flax import nnx


class MLPStage(nnx.Module):
  """One pipeline stage: pre-norm residual MLP."""

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.up = nnx.Linear(dim, hidden, rngs=rngs)
    self.down = nnx.Linear(hidden, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.gelu(self.up(self.norm(x))))


def build_stages(num_stages: int, dim: int, hidden: int, seed: int = 0):
  """Stack `num_stages` independent stages along a leading axis (Flax NNX 'Transforms' guide)."""

  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs: nnx.Rngs):
    return MLPStage(dim, hidden, rngs=rngs)

  return create(nnx.Rngs(seed))
