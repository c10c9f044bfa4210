import flax.linen as nn
import jax.numpy as jnp
from flax.linen import with_logical_constraint as wlc
from flax.linen import with_logical_partitioning as wlp


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  def setup(self):
    init = nn.initializers.lecun_normal()
    inner = self.num_heads * self.head_dim
    self.query = nn.Dense(inner, use_bias=False, kernel_init=wlp(init, ('embed', 'heads')))
    self.key = nn.Dense(inner, use_bias=False, kernel_init=wlp(init, ('embed', 'heads')))
    self.value = nn.Dense(inner, use_bias=False, kernel_init=wlp(init, ('embed', 'heads')))

  def _split(self, t):
    b, l, _ = t.shape
    return t.reshape(b, l, self.num_heads, self.head_dim)

  def __call__(self, x):
    q = wlc(self.query(x), ('batch', 'length', 'heads', 'kv'))
    k = wlc(self.key(x), ('batch', 'length', 'heads', 'kv'))
    v = wlc(self.value(x), ('batch', 'length', 'heads', 'kv'))
    q, k, v = self._split(q), self._split(k), self._split(v)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim)
    weights = nn.softmax(logits, axis=-1)
    ctx = jnp.einsum('bhqk,bkhd->bqhd', weights, v)
    return ctx.reshape(x.shape[0], x.shape[1], -1)
