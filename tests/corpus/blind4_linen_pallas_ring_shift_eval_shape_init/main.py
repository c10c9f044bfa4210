import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ShardShiftMixer

mesh = Mesh(np.array(jax.devices()), ('x',))
model = ShardShiftMixer(features=128, axis_name='x')

params = jax.eval_shape(lambda: model.init(jax.random.key(0), jnp.zeros((8, 128))))


def forward(params, x):
  return model.apply(params, x)


sharded_forward = jax.jit(
    jax.shard_map(forward, mesh=mesh, in_specs=(P(), P('x', None)), out_specs=P('x', None),
                  check_vma=False))
x = jax.ShapeDtypeStruct((8 * mesh.size, 128), jnp.float32)
sharded_forward.trace(params, x).lower(lowering_platforms=('tpu',))
