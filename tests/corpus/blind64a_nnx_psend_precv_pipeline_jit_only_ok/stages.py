import jax
from jax import lax
from flax import nnx

STAGE_AXIS = "stage"


class Stage(nnx.Module):
  """One pipeline stage: a residual MLP plus the hand-off to the next stage."""

  def __init__(self, d: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.gelu(self.fc1(self.norm(x))))

  def hand_off(self, y, num_stages: int):
    """Send y to stage i+1 and receive stage i-1's activations (stage 0 receives zeros)."""
    fwd = [(i, i + 1) for i in range(num_stages - 1)]
    token = lax.psend(y, STAGE_AXIS, fwd)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), STAGE_AXIS, fwd)


def create_stages(num_stages: int, d: int, rngs: nnx.Rngs):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Stage(d, rngs=rngs)

  return create(rngs)
