import equinox as eqx
import jax
import jax.numpy as jnp

from ring import ring_attention


class RingSelfAttention(eqx.Module):
  qkv: eqx.nn.Linear
  out: eqx.nn.Linear
  num_heads: int = eqx.field(static=True)
  seq_axis: str = eqx.field(static=True)

  def __init__(self, dim, num_heads, seq_axis, *, key):
    k1, k2 = jax.random.split(key)
    self.qkv = eqx.nn.Linear(dim, 3 * dim, use_bias=False, key=k1)
    self.out = eqx.nn.Linear(dim, dim, use_bias=False, key=k2)
    self.num_heads = num_heads
    self.seq_axis = seq_axis

  def __call__(self, x):
    t, d = x.shape
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
    q, k, v = (a.reshape(t, self.num_heads, -1) for a in (q, k, v))
    o = ring_attention(q, k, v, self.seq_axis)
    return jax.vmap(self.out)(o.reshape(t, d))


class Encoder(eqx.Module):
  layers: list
  norms: list

  def __init__(self, dim, num_heads, depth, seq_axis, *, key):
    keys = jax.random.split(key, depth)
    self.layers = [RingSelfAttention(dim, num_heads, seq_axis, key=k) for k in keys]
    self.norms = [eqx.nn.RMSNorm(dim) for _ in range(depth)]

  def __call__(self, x):
    for attn, norm in zip(self.layers, self.norms):
      x = x + eqx.filter_checkpoint(attn)(jax.vmap(norm)(x))
    return x
