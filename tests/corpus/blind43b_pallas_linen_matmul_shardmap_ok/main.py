import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import MLP

mesh = jax.make_mesh((jax.device_count(),), ('data',), axis_types=(AxisType.Auto,))
model = MLP()
x = jnp.ones((1024, 256), jnp.float32)
# abstract init: the Pallas kernel only runs on TPU
params = jax.eval_shape(model.init, jax.random.key(0), x[:128])


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data', None)),
                   out_specs=P(), check_vma=False)
def forward(params, x):
  return jax.lax.pmean(model.apply(params, x).mean(), 'data')


replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P('data', None))
step = jax.jit(forward, in_shardings=(replicated, batch_sharded))
print(step.trace(params, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
