import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

num_devices = 4
partition = P(None, "x")
mesh = jax.make_mesh((num_devices,), ("x",))

permute = functools.partial(right_permute, axis_name="x", num_devices=num_devices)

step = jax.jit(
    jax.shard_map(permute, mesh=mesh, in_specs=partition, out_specs=partition, check_vma=False)
)

input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32, sharding=NamedSharding(mesh, partition))
print(step.trace(input_arr).lower(lowering_platforms=("tpu",)).as_text()[:40])
