import flax.linen as nn
import jax.numpy as jnp


class DualEncoder(nn.Module):
  vocab: int = 1024
  d_model: int = 128
  num_layers: int = 2

  def setup(self):
    self.embed = nn.Embed(self.vocab, self.d_model)
    self.layers = [nn.Dense(self.d_model, name=f'mlp_{i}') for i in range(self.num_layers)]
    self.norm = nn.LayerNorm()
    self.proj = nn.Dense(64, use_bias=False)

  def encode(self, tokens):
    x = self.embed(tokens)
    for layer in self.layers:
      x = x + nn.gelu(layer(x))
    return self.norm(x)  # [batch, length, d_model]

  def embed_query(self, tokens):
    return self.proj(self.encode(tokens).mean(axis=1))

  def __call__(self, queries, docs):
    return self.embed_query(queries) @ self.embed_query(docs).T
