"""One pipeline step: the NNX stage's activations are handed on with psend/precv over
'stage', jitted with nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

N_STAGES = 4
mesh = jax.sharding.Mesh(jax.devices()[:N_STAGES], ('stage',))
FORWARD = [(i, i + 1) for i in range(N_STAGES - 1)]


class StageMLP(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(d, 4 * d, rngs=rngs)
    self.down = nnx.Linear(4 * d, d, rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


def stage_step(stage, x):
  """Run this device's stage and hand the activations to the next stage."""
  h = stage(x)
  token = jax.lax.psend(h, 'stage', FORWARD)
  return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', FORWARD)


stage = StageMLP(64, rngs=nnx.Rngs(0))
x = jnp.ones((N_STAGES * 8, 64))


nnx.jit(stage_step).trace(stage, x).lower(lowering_platforms=("cuda",))
