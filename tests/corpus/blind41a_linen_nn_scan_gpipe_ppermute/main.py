import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE, Pipeline

n = 4
mesh = Mesh(np.array(jax.devices()), (STAGE,))
model = Pipeline(n_stages=n)
mbs = jnp.ones((n + 3, 2, 16))   # padded microbatches


def stage_init(key, mbs):
  key = jax.random.fold_in(key, jax.lax.axis_index(STAGE))
  return jax.tree.map(lambda a: a[None], model.init(key, mbs))


def stage_apply(stacked, mbs):
  params = jax.tree.map(lambda a: a[0], stacked)
  return model.apply(params, mbs)[None]


init = jax.shard_map(stage_init, mesh=mesh, in_specs=(P(), P()), out_specs=P(STAGE))
apply = jax.shard_map(stage_apply, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(STAGE))

params = jax.eval_shape(init, jax.random.key(0), mbs)
lowered = jax.jit(apply).trace(params, mbs).lower(lowering_platforms=('cuda',))
print('collective-permute' in lowered.as_text() or 'ok')
