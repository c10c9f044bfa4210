import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ShardShiftMixer

mesh = Mesh(np.array(jax.devices()), ('x',))
model = ShardShiftMixer(features=128, axis_name='x')

x = jax.ShapeDtypeStruct((8 * mesh.size, 128), jnp.float32)
# Initialisation runs the module, so it needs the mesh axis too.
params = jax.eval_shape(
    jax.shard_map(lambda x: model.init(jax.random.key(0), x), mesh=mesh,
                  in_specs=P('x', None), out_specs=P(), check_vma=False),
    x)


def forward(params, x):
  return model.apply(params, x)


sharded_forward = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('x', None)), out_specs=P('x', None),
                  check_vma=False))
sharded_forward.trace(params, x).lower(lowering_platforms=('tpu',))
