from flax import linen as nn
import jax.numpy as jnp


class DecoderLM(nn.Module):
  vocab_size: int = 256
  emb_dim: int = 64
  num_layers: int = 2
  dropout_rate: float = 0.1

  @nn.compact
  def __call__(self, inputs, *, train):
    embed = nn.Embed(self.vocab_size, self.emb_dim, name='embed')
    x = embed(inputs)
    for i in range(self.num_layers):
      y = nn.LayerNorm()(x)
      y = nn.SelfAttention(num_heads=4, deterministic=not train,
                           dropout_rate=self.dropout_rate)(y, mask=nn.make_causal_mask(inputs))
      x = x + nn.Dropout(self.dropout_rate)(y, deterministic=not train)
      y = nn.LayerNorm()(x)
      y = nn.Dense(4 * self.emb_dim)(y)
      x = x + nn.Dense(self.emb_dim)(nn.gelu(y))
    return embed.attend(nn.LayerNorm()(x))
