import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'sp'
mesh = Mesh(np.array(jax.devices()), (AXIS,))
n = mesh.shape[AXIS]


def ring_perm(n):
  return [(i, (i + 1) % (n - 1)) for i in range(n)]


def ring_attention(q, k, v):
  scale = q.shape[-1] ** -0.5

  def step(carry, _):
    k, v, m, l, o = carry
    s = (q @ k.T) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[:, None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr[:, None] + p @ v
    k = jax.lax.ppermute(k, AXIS, ring_perm(n))
    v = jax.lax.ppermute(v, AXIS, ring_perm(n))
    return (k, v, m_new, l, o), None

  m0 = jnp.full(q.shape[:1], -jnp.inf)
  l0 = jnp.zeros(q.shape[:1])
  o0 = jnp.zeros_like(q)
  m0, l0 = jax.lax.pcast((m0, l0), AXIS, to='varying')
  (_, _, _, l, o), _ = jax.lax.scan(step, (k, v, m0, l0, o0), None, length=n)
  return o / l[:, None]


attn = jax.jit(jax.shard_map(ring_attention, mesh=mesh,
                             in_specs=P(AXIS, None), out_specs=P(AXIS, None)))

if __name__ == '__main__':
  x = jnp.ones((64, 32))
  attn.trace(x, x, x).lower(lowering_platforms=('tpu',))
