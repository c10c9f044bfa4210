from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, PartitionSpec as P

STAGES = 4
FWD = [(i, i + 1) for i in range(STAGES - 1)]

mesh = jax.make_mesh((STAGES,), ('stage',), axis_types=(AxisType.Auto,))
stages = eqx.filter_vmap(lambda k: eqx.nn.Linear(16, 16, key=k))(jr.split(jr.key(0), STAGES))
params, static = eqx.partition(stages, eqx.is_array)


def stage_fn(params, x):
  layer = jax.tree.map(lambda a: a[0], eqx.combine(params, static))
  y = jax.nn.relu(jax.vmap(layer)(x))
  token = jax.lax.psend(y, 'stage', FWD)
  received = jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', FWD)
  return received


step = jax.jit(jax.shard_map(stage_fn, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage')))
step.trace(params, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
