"""The ring shift on a 2-D (data, x) mesh: batch rows over `data`, sequence chunks over `x`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import ShardShiftMixer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
model = ShardShiftMixer(features=128, axis_name='x')

x = jax.ShapeDtypeStruct((8 * mesh.shape['x'], 128 * mesh.shape['data']), jnp.float32,
                         sharding=NamedSharding(mesh, P('x', 'data')))
params = jax.eval_shape(
    jax.shard_map(lambda x: model.init(jax.random.key(0), x), mesh=mesh,
                  in_specs=P('x', 'data'), out_specs=P(), check_vma=False),
    x)


def forward(params, x):
  return model.apply(params, x)


sharded_forward = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('x', 'data')),
                  out_specs=P('x', 'data'), check_vma=False))
sharded_forward.trace(params, x).lower(lowering_platforms=('tpu',))
