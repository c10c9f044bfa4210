"""Batch sharding over `data` is left to the compiler (auto); only `x` is manual for the ring shift."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import ShardShiftMixer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
model = ShardShiftMixer(features=128, axis_name='x')

x = jax.ShapeDtypeStruct((8 * mesh.shape['x'], 128), jnp.float32,
                         sharding=NamedSharding(mesh, P('x', None)))
params = jax.eval_shape(
    jax.shard_map(lambda x: model.init(jax.random.key(0), x), mesh=mesh,
                  in_specs=P('x', None), out_specs=P(), check_vma=False),
    x)


def forward(params, x):
  return model.apply(params, x)


sharded_forward = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('x', None)),
                  out_specs=P('x', None), axis_names={'x'}, check_vma=False))
sharded_forward.trace(params, x).lower(lowering_platforms=('tpu',))
