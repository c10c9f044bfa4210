from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

PP = "pp"
N_STAGES = 4

mesh = jax.make_mesh((N_STAGES,), (PP,), axis_types=(AxisType.Auto,))


@jax.checkpoint
def stage_fn(w, h):
  return jnp.tanh(h @ w)


def shift_right(h):
  return lax.ppermute(h, PP, [(i, (i + 1) % N_STAGES) for i in range(N_STAGES)])


def pipeline_loss(w_stage, x, y):
  w = w_stage[0]
  stage = lax.axis_index(PP)
  h = jnp.where(stage == 0, x, jnp.zeros_like(x))
  for _ in range(N_STAGES):
    out = stage_fn(w, h)
    h = shift_right(out)

  # only the last stage holds the real output
  return jnp.where(stage == N_STAGES - 1, jnp.mean((out - y) ** 2), 0.0)


@jax.jit
def loss_and_grad(w_stacked, x, y):
  f = jax.shard_map(pipeline_loss, mesh=mesh, in_specs=(P(PP), P(), P()), out_specs=P())
  return jax.value_and_grad(f)(w_stacked, x, y)


def main():
  w = jnp.ones((N_STAGES, 64, 64)) * 0.01
  x = jnp.ones((16, 64))
  loss_and_grad.trace(w, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
