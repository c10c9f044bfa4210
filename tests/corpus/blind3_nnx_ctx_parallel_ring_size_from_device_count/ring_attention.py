import jax
import jax.numpy as jnp
from flax import nnx


class RingAttention(nnx.Module):
  """Single-head attention whose keys/values travel around the context-parallel ring."""

  def __init__(self, dim: int, *, ring_size: int, axis_name: str = 'context', rngs: nnx.Rngs):
    self.q = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
    self.kv = nnx.Linear(dim, 2 * dim, use_bias=False, rngs=rngs)
    self.o = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
    self.ring_size = ring_size
    self.axis_name = axis_name

  def __call__(self, x):
    q = self.q(x) * x.shape[-1] ** -0.5
    k, v = jnp.split(self.kv(x), 2, axis=-1)
    perm = [(j, (j + 1) % self.ring_size) for j in range(self.ring_size)]

    def body(_, carry):
      k, v, m, l, acc = carry
      s = jnp.einsum('bqd,bkd->bqk', q, k)
      m_new = jnp.maximum(m, s.max(-1))
      p = jnp.exp(s - m_new[..., None])
      corr = jnp.exp(m - m_new)
      l = l * corr + p.sum(-1)
      acc = acc * corr[..., None] + jnp.einsum('bqk,bkd->bqd', p, v)
      k = jax.lax.ppermute(k, self.axis_name, perm)
      v = jax.lax.ppermute(v, self.axis_name, perm)
      return k, v, m_new, l, acc

    init = (k, v, jnp.full_like(q[..., 0], -jnp.inf), jnp.zeros_like(q[..., 0]), jnp.zeros_like(q))
    _, _, _, l, acc = jax.lax.fori_loop(0, self.ring_size, body, init)
    return self.o(acc / l[..., None])
