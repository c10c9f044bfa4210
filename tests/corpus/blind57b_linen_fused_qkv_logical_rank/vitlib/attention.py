import flax.linen as nn
import jax
import jax.numpy as jnp

from .init import logically


class FusedSelfAttention(nn.Module):
  num_heads: int

  @nn.compact
  def __call__(self, x):
    b, n, d = x.shape
    head_dim = d // self.num_heads
    # one matmul for q, k and v (was DenseGeneral(features=(heads, head_dim)) before fusing)
    qkv = nn.Dense(3 * d, use_bias=False,
                   kernel_init=logically(('embed', 'heads', 'kv')), name='qkv')(x)
    q, k, v = jnp.split(qkv.reshape(b, n, 3 * self.num_heads, head_dim), 3, axis=2)
    w = jax.nn.softmax(jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(head_dim), axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', w, v).reshape(b, n, d)
    return nn.Dense(d, kernel_init=logically(('mlp', 'embed')), name='proj')(out)
