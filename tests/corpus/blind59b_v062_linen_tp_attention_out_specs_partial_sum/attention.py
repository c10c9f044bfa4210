from functools import partial

import flax.linen as nn
import jax.numpy as jnp


class HeadParallelAttention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    qkv = partial(nn.DenseGeneral, features=(self.num_heads, self.head_dim), use_bias=False)
    q, k, v = qkv(name='query')(x), qkv(name='key')(x), qkv(name='value')(x)
    mask = nn.make_causal_mask(jnp.ones(x.shape[:2]))
    out = nn.dot_product_attention(q, k, v, mask=mask)
    # row-parallel projection: each shard holds a partial sum over its heads
    return nn.DenseGeneral(features=x.shape[-1], axis=(-2, -1), use_bias=False, name='out')(out)
