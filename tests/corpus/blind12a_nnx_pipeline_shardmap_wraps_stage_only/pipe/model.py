from flax import nnx


class Stage(nnx.Module):

  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.proj(self.norm(x)))


def make_stages(num_stages: int, dim: int, seed: int = 0):

  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Stage(dim, rngs=rngs)

  return create(nnx.Rngs(seed))
