from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

N_STAGES, D, N_MICRO = 4, 64, 8


class Stage(nnx.Module):
  def __init__(self, *, rngs):
    self.dense = nnx.Linear(D, D, rngs=rngs)

  def __call__(self, x):
    return nnx.tanh(self.dense(x))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs):
  return Stage(rngs=rngs)


def shift_right(x, n):
  perm = [(i, i + 1) for i in range(n)]
  return jax.lax.ppermute(x, "stage", perm)


mesh = jax.make_mesh((N_STAGES,), ("stage",))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P("stage"), P("stage")), out_specs=P("stage"))
def pipeline(stages, microbatches):
  stage = jax.tree.map(lambda a: a[0], stages)   # this device's stage
  idx = jax.lax.axis_index("stage")
  state = jnp.zeros_like(microbatches[0])
  outs = []
  for t in range(N_MICRO + N_STAGES - 1):
    inp = jnp.where(idx == 0, microbatches[min(t, N_MICRO - 1)], state)
    state = shift_right(stage(inp), N_STAGES)
    outs.append(state)
  return jnp.stack(outs[-N_MICRO:])


if __name__ == "__main__":
  stages = make_stages(nnx.Rngs(0))
  mb = jnp.ones((N_STAGES * N_MICRO, 2, D))
  pipeline.trace(stages, mb).lower(lowering_platforms=("cuda",))
