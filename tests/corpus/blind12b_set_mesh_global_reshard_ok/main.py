import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

from setup_mesh import init_mesh


def rms_norm_stats(x):
  ss = jax.lax.psum(jnp.sum(x * x, axis=-1), 'model')
  return ss


@jax.jit
def layer(x, w):
  h = x @ w
  h = reshard(h, P('data', 'model'))
  ss = jax.shard_map(rms_norm_stats, in_specs=P('data', 'model'), out_specs=P('data'))(h)
  return h * jax.lax.rsqrt(ss / h.shape[-1] + 1e-6)[:, None]


if __name__ == '__main__':
  init_mesh()
  x = jax.device_put(jnp.ones((8, 16)), P('data', None))
  w = jax.device_put(jnp.ones((16, 32)), P(None, 'model'))
  layer.trace(x, w).lower(lowering_platforms=('cuda',))
