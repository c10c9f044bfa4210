import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

SEQ = 'seq'


class QKV(nnx.Module):
  def __init__(self, d, heads, rngs):
    self.heads = heads
    self.qkv = nnx.Linear(d, 3 * d, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d, d, use_bias=False, rngs=rngs)


def ring_attention(layer: QKV, x):
  """x: [batch, seq_shard, d]; keys/values travel around the 'seq' ring."""
  b, s, d = x.shape
  q, k, v = jnp.split(layer.qkv(x), 3, axis=-1)
  n = jax.device_count()
  perm = [(i, (i + 1) % n) for i in range(n)]

  def body(i, carry):
    num, den, k, v = carry
    logits = jnp.einsum('bqd,bkd->bqk', q, k) / jnp.sqrt(d)
    w = jnp.exp(logits - logits.max(-1, keepdims=True))
    num = num + jnp.einsum('bqk,bkd->bqd', w, v)
    den = den + w.sum(-1, keepdims=True)
    k = lax.ppermute(k, SEQ, perm)
    v = lax.ppermute(v, SEQ, perm)
    return num, den, k, v

  init = (jnp.zeros_like(q), jnp.zeros_like(q[..., :1]), k, v)
  num, den, _, _ = lax.fori_loop(0, n, body, init)
  return layer.out(num / den)
