from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
from jax.experimental.shard_map import shard_map

from model.step import loss_and_grads

mesh = jax.make_mesh((4,), ('batch',))
batch_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('batch'))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())
P = jshard.PartitionSpec

model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@partial(shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=(P(), P()))
def dp_step(params, x, y):
  loss, grads = loss_and_grads(eqx.combine(params, static), x, y, batch_sharding, replicated)
  return jax.lax.pmean(loss, 'batch'), jax.lax.pmean(grads, 'batch')


jax.jit(dp_step).trace(params, jnp.ones((32, 8)), jnp.ones((32, 1))).lower(
    lowering_platforms=('cuda',))
