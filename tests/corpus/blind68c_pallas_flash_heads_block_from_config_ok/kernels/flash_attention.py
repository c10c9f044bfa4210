import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

NEG_INF = -1e30


def _flash_kernel(q_ref, k_ref, v_ref, o_ref, *, num_heads, block_k, sm_scale):
  seq_len = k_ref.shape[0]
  block_q = q_ref.shape[0]
  for h in range(num_heads):
    q = q_ref[:, h, :].astype(jnp.float32) * sm_scale

    def body(i, carry):
      m_prev, l_prev, acc = carry
      start = pl.multiple_of(i * block_k, block_k)
      k = k_ref[pl.ds(start, block_k), h, :].astype(jnp.float32)
      v = v_ref[pl.ds(start, block_k), h, :].astype(jnp.float32)
      s = lax.dot_general(q, k, (((1,), (1,)), ((), ())))
      m_cur = jnp.maximum(m_prev, s.max(axis=-1, keepdims=True))
      p = jnp.exp(s - m_cur)
      alpha = jnp.exp(m_prev - m_cur)
      l_cur = alpha * l_prev + p.sum(axis=-1, keepdims=True)
      acc = alpha * acc + jnp.dot(p, v)
      return m_cur, l_cur, acc

    m0 = jnp.full((block_q, 1), NEG_INF, jnp.float32)
    l0 = jnp.zeros((block_q, 1), jnp.float32)
    acc0 = jnp.zeros((block_q, q.shape[-1]), jnp.float32)
    _, l, acc = lax.fori_loop(0, seq_len // block_k, body, (m0, l0, acc0))
    o_ref[:, h, :] = (acc / l).astype(o_ref.dtype)


@functools.partial(jax.jit, static_argnames=("num_heads", "block_q", "block_k"))
def flash_attention(q, k, v, *, num_heads, block_q=128, block_k=128):
  """q, k, v: [batch, seq, heads, head_dim]; all heads of a query block per grid step."""
  batch, seq_len, _, head_dim = q.shape
  kernel = functools.partial(_flash_kernel, num_heads=num_heads, block_k=block_k,
                             sm_scale=head_dim ** -0.5)
  q_spec = pl.BlockSpec((None, block_q, num_heads, head_dim), lambda b, i: (b, i, 0, 0))
  kv_spec = pl.BlockSpec((None, seq_len, num_heads, head_dim), lambda b, i: (b, 0, 0, 0))
  return pl.pallas_call(
      kernel,
      grid=(batch, seq_len // block_q),
      in_specs=[q_spec, kv_spec, kv_spec],
      out_specs=q_spec,
      out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
  )(q, k, v)
