from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ring import RingProjection

N = len(jax.devices())
mesh = Mesh(jax.devices(), ('x',))
model = RingProjection(features=16, axis_name='x', axis_size=N)

x = jnp.ones((N * 4, 32))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('x')), out_specs=P(), check_vma=False)
def init(key, x):
  return model.init(key, x)


# eval path: rely on jit's sharding propagation instead of a manual region
@partial(jax.jit, in_shardings=(None, NamedSharding(mesh, P('x'))),
         out_shardings=NamedSharding(mesh, P('x')))
def eval_apply(params, x):
  return model.apply(params, x)


params = jax.eval_shape(init, jax.random.key(0), x)
print(eval_apply.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
