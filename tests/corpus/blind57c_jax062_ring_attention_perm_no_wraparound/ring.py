import jax
import jax.numpy as jnp
from jax import lax
from jax.tree_util import Partial

CP = "cp"


def make_rotate(n):
  # send my K/V block to the next device in the ring
  return Partial(lax.ppermute, axis_name=CP, perm=[(i, i + 1) for i in range(n)])


def ring_attention(q, k, v, n):
  rotate = make_rotate(n)
  scale = q.shape[-1] ** -0.5

  def body(i, carry):
    k, v, num, den, m = carry
    s = jnp.einsum("qd,kd->qk", q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    corr = jnp.exp(m - m_new)
    p = jnp.exp(s - m_new[:, None])
    num = num * corr[:, None] + p @ v
    den = den * corr + p.sum(-1)
    return rotate(k), rotate(v), num, den, m_new

  init = (k, v, jnp.zeros_like(q), jnp.zeros(q.shape[:1], q.dtype),
          jnp.full(q.shape[:1], -jnp.inf, q.dtype))
  _, _, num, den, _ = lax.fori_loop(0, n, body, init)
  return num / den[:, None]
