import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.kernels import make_right_permute

num_devices = jax.local_device_count()
mesh = jax.make_mesh((num_devices,), ('x',))
partition = P(None, 'x')

input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32,
                                 sharding=jax.NamedSharding(mesh, partition))
right_permute = make_right_permute((8, 128), jnp.float32, 'x', num_devices)

permute = jax.jit(
    jax.shard_map(right_permute, mesh=mesh, in_specs=partition, out_specs=partition,
                  check_vma=False))
permute.trace(input_arr).lower(lowering_platforms=('tpu',))
