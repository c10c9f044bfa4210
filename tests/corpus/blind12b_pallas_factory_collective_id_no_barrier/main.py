import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import kernels


def main():
  n = jax.device_count()
  mesh = Mesh(np.array(jax.devices()), ('i',))
  gather = jax.jit(jax.shard_map(functools.partial(kernels.all_gather, axis='i', n=n),
                                 mesh=mesh, in_specs=P('i'), out_specs=P('i'),
                                 check_vma=False))
  x = jnp.ones((n * 8, 128), jnp.float32)
  gather.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
