import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class RingSelfAttention(nnx.Module):
  def __init__(self, d_model, num_heads, *, seq_axis, ring_size, rngs):
    self.num_heads = num_heads
    self.head_dim = d_model // num_heads
    self.seq_axis = seq_axis
    self.ring_size = ring_size
    self.qkv = nnx.Linear(d_model, 3 * d_model, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, rngs=rngs)

  def _rotate(self, x):
    perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]
    return lax.ppermute(x, self.seq_axis, perm)

  def ring_attend(self, q, k, v):
    scores = []
    values = []
    for _ in range(self.ring_size):
      scores.append(jnp.einsum("bqhd,bkhd->bhqk", q, k))
      values.append(v)
      k, v = self._rotate(k), self._rotate(v)
    s = jnp.concatenate(scores, axis=-1) / jnp.sqrt(self.head_dim)
    p = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("bhqk,bkhd->bqhd", p, jnp.concatenate(values, axis=1))

  def __call__(self, x):
    b, s, d = x.shape
    qkv = self.qkv(x).reshape(b, s, 3, self.num_heads, self.head_dim)
    o = self.ring_attend(qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2])
    return self.out(o.reshape(b, s, d))
