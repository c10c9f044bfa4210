import jax
import jax.numpy as jnp
from flax import nnx

SEQ_AXIS = 'seq'


def rotary(x, positions, base=10000.0):
  d = x.shape[-1] // 2
  freqs = base ** (-jnp.arange(d) / d)
  angles = positions[:, None, None] * freqs
  x1, x2 = x[..., :d], x[..., d:]
  return jnp.concatenate([x1 * jnp.cos(angles) - x2 * jnp.sin(angles),
                          x1 * jnp.sin(angles) + x2 * jnp.cos(angles)], axis=-1)


def local_positions(local_len):
  offset = jax.lax.axis_index(SEQ_AXIS) * local_len
  return offset + jnp.arange(local_len)


class SeqParallelAttention(nnx.Module):
  def __init__(self, d_model, num_heads, *, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.head_dim = d_model // num_heads
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):  # x: [local_seq, d_model]
    n = x.shape[0]
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    q, k, v = (t.reshape(n, self.num_heads, self.head_dim) for t in (q, k, v))
    pos = local_positions(n)
    q, k = rotary(q, pos), rotary(k, pos)
    k = jax.lax.all_gather(k, SEQ_AXIS, axis=0, tiled=True)
    v = jax.lax.all_gather(v, SEQ_AXIS, axis=0, tiled=True)
    logits = jnp.einsum('qhd,khd->hqk', q, k) / jnp.sqrt(self.head_dim)
    attn = jax.nn.softmax(logits, axis=-1)
    o = jnp.einsum('hqk,khd->qhd', attn, v).reshape(n, -1)
    return self.out(o)
