import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import right_permute

num_devices = jax.device_count()
partition = P(None, "x")
mesh = jax.make_mesh((num_devices,), ("x",))
sharding = NamedSharding(mesh, partition)

input_arr = jax.random.uniform(jax.random.key(0), (8, 128 * num_devices))
input_arr = jax.device_put(input_arr, sharding)

# input_arr already carries the ('x') sharding, so jit partitions the call for us
permute = jax.jit(right_permute)
print(permute.trace(input_arr).lower(lowering_platforms=("tpu",)).as_text()[:40])
