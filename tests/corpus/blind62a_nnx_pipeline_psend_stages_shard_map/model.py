from flax import nnx
import jax

NUM_STAGES = 4


class Stage(nnx.Module):

  def __init__(self, d: int, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, h):
    return h + jax.nn.gelu(self.linear(self.norm(h)))


def create_stages(d: int, seed: int = 0) -> Stage:
  """One Stage per pipeline rank, stacked on a leading axis."""

  @nnx.split_rngs(splits=NUM_STAGES)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs: nnx.Rngs):
    return Stage(d, rngs=rngs)

  return create(nnx.Rngs(seed))
