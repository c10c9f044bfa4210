import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from mylib.kernels import make_right_permute

num_devices = jax.local_device_count()
mesh = jax.make_mesh((num_devices,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P(None, 'x'))

input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32, sharding=sharding)
right_permute = make_right_permute((8, 128 * num_devices), jnp.float32, 'x', num_devices)

permute = jax.jit(right_permute, in_shardings=sharding, out_shardings=sharding)
permute.trace(input_arr).lower(lowering_platforms=('tpu',))
