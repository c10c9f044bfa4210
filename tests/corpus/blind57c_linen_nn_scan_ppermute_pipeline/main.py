import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

STAGE = "stage"
N_STAGES, N_MICRO, MB, D = 4, 8, 4, 128


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Dense(4 * D)(x)
    return nn.Dense(D)(nn.gelu(x))


def tick(stage, state, mb):
  idx = lax.axis_index(STAGE)
  state = jnp.where(idx == 0, mb, state)
  out = stage(state)
  nxt = lax.ppermute(out, STAGE, [(i, i + 1) for i in range(N_STAGES - 1)])
  return nxt, out


class Pipeline(nn.Module):
  @nn.compact
  def __call__(self, microbatches):
    stage = Stage(name="stage")
    scan = nn.scan(tick, variable_broadcast="params", split_rngs={"params": False},
                   length=N_MICRO + N_STAGES - 1)
    pad = jnp.zeros((N_STAGES - 1, MB, D), microbatches.dtype)
    state0 = lax.pcast(jnp.zeros((MB, D), microbatches.dtype), (STAGE,), to="varying")
    _, outs = scan(stage, state0, jnp.concatenate([microbatches, pad]))
    return outs[N_STAGES - 1:]


mesh = jax.make_mesh((N_STAGES,), (STAGE,), axis_types=(AxisType.Auto,))
pipeline = Pipeline()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(STAGE))
def run_pipeline(stacked_params, microbatches):
  params = jax.tree.map(lambda a: a[0], stacked_params)
  return pipeline.apply({"params": {"stage": params}}, microbatches)[None]


def main():
  keys = jax.random.split(jax.random.key(0), N_STAGES)
  x_mb = jnp.ones((MB, D))
  stacked = jax.vmap(lambda k: Stage().init(k, x_mb)["params"])(keys)
  microbatches = jnp.ones((N_MICRO, MB, D))
  run_pipeline.trace(stacked, microbatches).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
