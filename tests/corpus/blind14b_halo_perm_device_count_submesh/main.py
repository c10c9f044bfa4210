import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def ring(n):
  return [(i, (i + 1) % n) for i in range(n)]


def make_smoother(mesh):
  n = jax.device_count()

  def smooth(u):
    left = jax.lax.ppermute(u[-1:], 'x', ring(n))
    right = jax.lax.ppermute(u[:1], 'x', [(j, i) for i, j in ring(n)])
    padded = jnp.concatenate([left, u, right])
    return (padded[:-2] + padded[1:-1] + padded[2:]) / 3.0

  return jax.jit(jax.shard_map(smooth, mesh=mesh, in_specs=P('x'), out_specs=P('x')))


if __name__ == '__main__':
  small = Mesh(np.array(jax.devices()[:2]), ('x',))
  smoother = make_smoother(small)
  smoother.trace(jnp.linspace(0.0, 1.0, 64)).lower(lowering_platforms=('tpu',))
