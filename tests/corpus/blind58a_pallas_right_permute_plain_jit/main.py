"""Rotate the shards of an array one device to the right with a Pallas remote DMA."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import ring_kernels

mesh = jax.make_mesh((4,), (ring_kernels.AXIS,))
sharding = NamedSharding(mesh, P(None, ring_kernels.AXIS))

rotate = jax.jit(ring_kernels.right_permute, in_shardings=sharding, out_shardings=sharding)


def main():
  x = jax.random.uniform(jax.random.key(0), (8, 128 * 4))
  x = jax.device_put(x, sharding)
  rotate.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
