import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

from kernels import right_permute

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('x', 'y'))

kernel = jax.jit(
    jax.shard_map(right_permute, mesh=mesh, in_specs=P('x', 'y'), out_specs=P('x', 'y'),
                  check_vma=False))

if __name__ == '__main__':
  x = jnp.arange(16 * 256, dtype=jnp.float32).reshape(16, 256)
  kernel.trace(x).lower(lowering_platforms=('tpu',))
