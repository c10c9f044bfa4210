import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from mylib.kernels import make_right_permute

num_devices = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), ('x',))
partition = P(None, 'x')
right_permute = make_right_permute((8, 128), jnp.float32, 'x', num_devices)

pallas_result = jax.jit(
    shard_map(right_permute, mesh=mesh, in_specs=partition, out_specs=partition,
              check_rep=False))
pallas_result.trace(jnp.zeros((8, 128 * num_devices), jnp.float32)).lower(
    lowering_platforms=('tpu',))
