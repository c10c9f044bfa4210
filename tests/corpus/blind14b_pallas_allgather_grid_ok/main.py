import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from kernels import AXIS, make_all_gather

num_devices = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), (AXIS,))
partition = P(AXIS, None)

all_gather = make_all_gather(num_devices, (8, 128))
gathered = jax.jit(jax.shard_map(all_gather, mesh=mesh, in_specs=partition,
                                 out_specs=partition, check_vma=False))

if __name__ == '__main__':
  input_arr = jnp.ones((8 * num_devices, 128), jnp.float32)
  gathered.trace(input_arr).lower(lowering_platforms=('tpu',))
