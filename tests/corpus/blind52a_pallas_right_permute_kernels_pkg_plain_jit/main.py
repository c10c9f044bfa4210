import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import make_right_permute

num_devices = jax.device_count()
mesh = jax.make_mesh((num_devices,), ("x",))
sharding = NamedSharding(mesh, P("x", None))

right_permute = make_right_permute((8 * num_devices, 128), "x", num_devices)
right_permute = jax.jit(right_permute, in_shardings=sharding, out_shardings=sharding)

input_arr = jax.ShapeDtypeStruct((8 * num_devices, 128), jnp.float32, sharding=sharding)
print(right_permute.trace(input_arr).lower(lowering_platforms=("tpu",)).as_text()[:40])
