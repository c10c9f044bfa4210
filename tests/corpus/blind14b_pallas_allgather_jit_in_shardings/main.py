import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import AXIS, make_all_gather

num_devices = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), (AXIS,))
all_gather = make_all_gather(num_devices, (8, 128))


def gather_matmul(x, w):
  full = all_gather(x).reshape(-1, x.shape[-1])
  return full @ w


if __name__ == '__main__':
  f = jax.jit(gather_matmul,
              in_shardings=(NamedSharding(mesh, P(AXIS, None)), NamedSharding(mesh, P())))
  x = jnp.ones((8, 128), jnp.float32)
  w = jnp.ones((128, 256), jnp.float32)
  f.trace(x, w).lower(lowering_platforms=('tpu',))
