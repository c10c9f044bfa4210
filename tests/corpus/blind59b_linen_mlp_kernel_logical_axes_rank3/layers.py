import flax.linen as nn
import jax.numpy as jnp

default_init = nn.initializers.variance_scaling(1.0, 'fan_in', 'truncated_normal')


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    dense = lambda name: nn.DenseGeneral(
        (self.num_heads, self.head_dim), axis=-1, use_bias=False,
        kernel_init=nn.with_logical_partitioning(default_init, ('embed', 'heads', 'kv')),
        name=name)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(x.dtype)
    probs = nn.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False,
                           kernel_init=nn.with_logical_partitioning(default_init, ('heads', 'kv', 'embed')),
                           name='out')(out)


class Mlp(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    h = nn.Dense(self.hidden,
                 kernel_init=nn.with_logical_partitioning(default_init, ('embed', 'heads', 'mlp')),
                 bias_init=nn.with_logical_partitioning(nn.initializers.zeros, ('mlp',)))(x)
    h = nn.gelu(h)
    return nn.Dense(d,
                    kernel_init=nn.with_logical_partitioning(default_init, ('mlp', 'embed')),
                    bias_init=nn.with_logical_partitioning(nn.initializers.zeros, ('embed',)))(h)


class EncoderBlock(nn.Module):
  num_heads: int = 8
  head_dim: int = 64
  hidden: int = 2048

  @nn.compact
  def __call__(self, x):
    x = x + SelfAttention(self.num_heads, self.head_dim)(nn.LayerNorm()(x))
    return x + Mlp(self.hidden)(nn.LayerNorm()(x))
