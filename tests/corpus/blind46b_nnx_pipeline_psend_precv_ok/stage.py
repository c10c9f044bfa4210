from flax import nnx


class Stage(nnx.Module):
  def __init__(self, d: int, *, rngs: nnx.Rngs):
    self.fc = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.silu(self.fc(self.norm(x)))


def make_stages(num_stages: int, d: int, seed: int = 0):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs: nnx.Rngs):
    return Stage(d, rngs=rngs)

  return create(nnx.Rngs(seed))
