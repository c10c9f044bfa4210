from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.kernels import make_right_permute

num_devices = jax.local_device_count()
mesh = jax.make_mesh((num_devices,), ('x',))
partition = P(None, 'x')
right_permute = make_right_permute((8, 128), jnp.float32, 'x', num_devices)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=partition, out_specs=partition)
def rotate(x):
  return right_permute(x) * 2.0


input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32,
                                 sharding=jax.NamedSharding(mesh, partition))
rotate.trace(input_arr).lower(lowering_platforms=('tpu',))
