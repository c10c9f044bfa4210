import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RingAttention(nn.Module):
  num_heads: int
  head_dim: int
  axis_name: str
  ring_size: int

  @nn.compact
  def __call__(self, x):
    dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    q = q / jnp.sqrt(self.head_dim).astype(q.dtype)
    perm = [(j, (j + 1) % self.ring_size) for j in range(self.ring_size)]

    def body(carry, _):
      k, v, o, l = carry
      s = jnp.einsum('bqhd,bkhd->bhqk', q, k)
      p = jnp.exp(s - s.max(-1, keepdims=True))
      o = o + jnp.einsum('bhqk,bkhd->bqhd', p, v)
      l = l + p.sum(-1).transpose(0, 2, 1)[..., None]
      k = lax.ppermute(k, self.axis_name, perm)
      v = lax.ppermute(v, self.axis_name, perm)
      return (k, v, o, l), None

    init = (k, v, jnp.zeros_like(q), jnp.zeros(q.shape[:-1] + (1,), q.dtype))
    (_, _, o, l), _ = lax.scan(body, init, None, length=self.ring_size)
    out = o / l
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(out)


class Block(nn.Module):
  num_heads: int
  head_dim: int
  axis_name: str
  ring_size: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.LayerNorm()(x)
    x = x + RingAttention(self.num_heads, self.head_dim, self.axis_name, self.ring_size)(y)
    y = nn.LayerNorm()(x)
    x = x + nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(4 * x.shape[-1])(y)))
    return x, None


class Transformer(nn.Module):
  num_layers: int
  num_heads: int = 2
  head_dim: int = 8
  axis_name: str = 'sp'
  ring_size: int = 4

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(nn.remat(Block), variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.num_layers)
    x, _ = Stack(self.num_heads, self.head_dim, self.axis_name, self.ring_size)(x, None)
    return x
