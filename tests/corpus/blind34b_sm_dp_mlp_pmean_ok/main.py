from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from dp import model

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))

params = model.init(jax.random.key(0), [32, 64, 64, 8])
batch = (jnp.ones((16, 32)), jnp.ones((16, 8)))


@jax.jit
def train_step(params, batch):
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch')), out_specs=(P(), P()))
  def step(params, batch):
    l, g = jax.value_and_grad(model.loss_dp)(params, batch, 'batch')
    return l, g
  l, g = step(params, batch)
  return l, jax.tree.map(lambda p, gg: p - 0.1 * gg, params, g)


print(train_step.trace(params, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
