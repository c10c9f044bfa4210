import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import RingConfig


def make_ring_allreduce(cfg, n):
  right = [(i, (i + 1) % n) for i in range(n)]
  left = [(i, (i - 1) % n) for i in range(n)]

  def ring_allreduce(x):
    acc = x
    buf = x
    for _ in range(n - 1):
      if cfg.bidirectional:
        buf = jax.lax.ppermute(buf, cfg.axis, perm=right + left)
      else:
        buf = jax.lax.ppermute(buf, cfg.axis, perm=right)
      acc = acc + buf
    return acc

  return ring_allreduce


if __name__ == '__main__':
  cfg = RingConfig()
  n = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), (cfg.axis,))
  f = jax.jit(jax.shard_map(make_ring_allreduce(cfg, n), mesh=mesh,
                            in_specs=P(cfg.axis), out_specs=P(cfg.axis)))
  f.trace(jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
