import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

num_devices = jax.device_count()
partition = P("y", "x")
# 2 x 2 slice: permute along the rows ("x"), one ring per column ("y")
mesh = jax.make_mesh((num_devices // 2, 2), ("x", "y"))
sharding = NamedSharding(mesh, partition)

input_arr = jax.random.uniform(jax.random.key(0), (16, 128 * num_devices))
input_arr = jax.device_put(input_arr, sharding)

permute = jax.jit(
    jax.shard_map(right_permute, mesh=mesh, in_specs=partition, out_specs=partition, check_vma=False)
)
permute.trace(input_arr).lower(lowering_platforms=("tpu",))
