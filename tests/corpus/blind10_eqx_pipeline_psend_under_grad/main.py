import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE_AXIS, run_pipeline

N_STAGES = 4


class Stage(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, key):
    self.lin = eqx.nn.Linear(16, 16, key=key)

  def __call__(self, x):
    return jax.nn.gelu(jax.vmap(self.lin)(x))


def main():
  mesh = Mesh(np.array(jax.devices()), (STAGE_AXIS,))
  stages = eqx.filter_vmap(Stage)(jax.random.split(jax.random.key(0), N_STAGES))
  params, static = eqx.partition(stages, eqx.is_array)

  def loss(params, x, y):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    out = run_pipeline(stage, x, N_STAGES)
    is_last = jax.lax.axis_index(STAGE_AXIS) == N_STAGES - 1
    return jnp.where(is_last, jnp.mean((out - y) ** 2), 0.0)

  def train_grads(params, x, y):
    return eqx.filter_grad(loss)(params, x, y)

  step = jax.jit(jax.shard_map(train_grads, mesh=mesh, in_specs=(P(STAGE_AXIS), P(), P()),
                               out_specs=P(STAGE_AXIS)))
  x = jnp.ones((8, 16))
  step.trace(params, x, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
