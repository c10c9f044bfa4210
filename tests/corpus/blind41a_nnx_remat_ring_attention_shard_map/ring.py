import jax
import jax.numpy as jnp

SEQ = 'seq'


def ring_attention(q, k, v):
  """Blockwise attention with K/V rotating around the 'seq' ring."""
  n = jax.lax.psum(1, SEQ)
  perm = [(j, (j + 1) % n) for j in range(n)]

  def body(_, carry):
    k, v, num, den = carry
    s = jnp.einsum('qd,kd->qk', q, k)
    p = jnp.exp(s - jax.lax.stop_gradient(s.max()))
    num = num + p @ v
    den = den + p.sum(-1, keepdims=True)
    k = jax.lax.ppermute(k, SEQ, perm)
    v = jax.lax.ppermute(v, SEQ, perm)
    return k, v, num, den

  num = jnp.zeros_like(q)
  den = jnp.zeros(q.shape[:-1] + (1,), q.dtype)
  den = jax.lax.pvary(den, SEQ)  # zeros_like(q) already varies over SEQ
  _, _, num, den = jax.lax.fori_loop(0, n, body, (k, v, num, den))
  return num / den
