import functools

import jax
import jax.numpy as jnp
from jax.experimental import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

num_devices = 4
mesh = Mesh(jax.devices()[:num_devices], ("x",))
partition = P(None, "x")
sharding = NamedSharding(mesh, partition)

# Create an input array that shards the last dimension across all devices.
input_arr = jax.random.uniform(jax.random.key(0), (8, 128 * num_devices))
input_arr = jax.device_put(input_arr, sharding)


@jax.jit
def rotate_and_scale(x):
    # Wrap the kernel within a shard_map to call.
    y = shard_map.shard_map(
        functools.partial(right_permute, num_devices=num_devices),
        mesh=mesh,
        in_specs=partition,
        out_specs=partition,
        check_rep=False,
    )(x)
    return y * 2.0


print(rotate_and_scale.trace(input_arr).lower(lowering_platforms=("tpu",)).as_text()[:40])
