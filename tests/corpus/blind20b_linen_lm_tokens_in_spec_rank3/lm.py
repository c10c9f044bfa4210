import flax.linen as nn
import jax.numpy as jnp


class TinyLM(nn.Module):
  vocab_size: int = 512
  width: int = 128
  depth: int = 2

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(self.vocab_size, self.width)
    x = embed(tokens)
    for _ in range(self.depth):
      y = nn.LayerNorm()(x)
      y = nn.Dense(4 * self.width)(y)
      x = x + nn.Dense(self.width)(nn.gelu(y))
    return embed.attend(nn.LayerNorm()(x))
