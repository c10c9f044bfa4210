from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB_SIZE = 50257  # GPT-2 BPE vocabulary


class DotReluDot(nn.Module):
  depth: int
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_partitioning(self.dense_init, (None, 'model')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    W2 = self.param('W2', nn.with_partitioning(self.dense_init, ('model', None)),
                    (self.depth, x.shape[-1]))
    return jnp.dot(y, W2)


class TinyLM(nn.Module):
  embed_dim: int = 64
  hidden: int = 256
  vocab_size: int = VOCAB_SIZE

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(
        self.vocab_size, self.embed_dim,
        embedding_init=nn.with_partitioning(nn.initializers.normal(0.02), ('model', None)))
    h = embed(tokens)
    h = h + DotReluDot(self.hidden)(h)
    return embed.attend(h)
