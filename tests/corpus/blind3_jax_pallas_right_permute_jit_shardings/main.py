import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

num_devices = jax.device_count()
partition = P(None, "x")
mesh = jax.make_mesh((num_devices,), ("x",))
sharding = NamedSharding(mesh, partition)

input_arr = jax.random.uniform(jax.random.key(0), (8, 128 * num_devices))
input_arr = jax.device_put(input_arr, sharding)

# the arrays already carry their sharding; let jit keep it
permute = jax.jit(right_permute, in_shardings=sharding, out_shardings=sharding)
permute.trace(input_arr).lower(lowering_platforms=("tpu",))
