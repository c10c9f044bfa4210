import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from matmul import ring_matmul


def main():
  mesh = Mesh(np.array(jax.devices()), ('i',))
  f = jax.shard_map(lambda a, b: ring_matmul(a, b, 'i'), mesh=mesh,
                    in_specs=(P('i', None), P('i', None)), out_specs=P('i', None))
  lhs = jnp.ones((8, 512))
  rhs = jnp.ones((512, 256))
  jax.jit(f).trace(lhs, rhs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
