from typing import Callable

import flax.linen as nn
import jax.numpy as jnp


class Encoder1DBlock(nn.Module):
  num_heads: int
  mlp_dim: int
  constrain: Callable

  @nn.compact
  def __call__(self, x, deterministic):
    y = nn.LayerNorm()(x)
    y = nn.MultiHeadDotProductAttention(num_heads=self.num_heads, dropout_rate=0.0,
                                        deterministic=deterministic)(y, y)
    x = self.constrain(x + y)
    y = nn.LayerNorm()(x)
    y = nn.Dense(self.mlp_dim)(y)
    y = nn.gelu(y)
    y = nn.Dropout(0.1)(y, deterministic=deterministic)
    y = nn.Dense(x.shape[-1])(y)
    return self.constrain(x + y)


class ViT(nn.Module):
  num_classes: int
  constrain_tokens: Callable
  constrain_pooled: Callable
  patch: int = 16
  width: int = 384
  depth: int = 4
  num_heads: int = 6

  @nn.compact
  def __call__(self, images, train=False):
    x = nn.Conv(self.width, (self.patch, self.patch), strides=(self.patch, self.patch),
                padding='VALID', name='embedding')(images)
    n, h, w, c = x.shape
    x = jnp.reshape(x, [n, h * w, c])
    x = x + self.param('pos_embedding', nn.initializers.normal(0.02), (1, h * w, c))
    x = self.constrain_tokens(x)
    for i in range(self.depth):
      x = Encoder1DBlock(self.num_heads, 4 * self.width, self.constrain_tokens,
                         name=f'encoderblock_{i}')(x, deterministic=not train)
    x = nn.LayerNorm(name='encoder_norm')(x)
    x = self.constrain_pooled(jnp.mean(x, axis=1))
    return nn.Dense(self.num_classes, kernel_init=nn.initializers.zeros, name='head')(x)
