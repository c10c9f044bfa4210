import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('v',))
CHUNKS = 4


def lse_chunks(logits):
  chunks = logits.reshape(CHUNKS, logits.shape[0], -1)

  def body(carry, c):
    m, s = carry
    m_new = jnp.maximum(m, c.max(-1))
    s = s * jnp.exp(m - m_new) + jnp.exp(c - m_new[:, None]).sum(-1)
    return (m_new, s), None

  init = (jnp.full(logits.shape[:1], -jnp.inf), jnp.zeros(logits.shape[:1]))
  (m, s), _ = lax.scan(body, init, chunks)
  g = lax.pmax(m, 'v')
  return g + jnp.log(lax.psum(s * jnp.exp(m - g), 'v'))


f = jax.jit(jax.shard_map(lse_chunks, mesh=mesh, in_specs=P(None, 'v'), out_specs=P(),
                          check_vma=False))

if __name__ == '__main__':
  f.trace(jnp.zeros((8, 1024))).lower(lowering_platforms=('tpu',))
