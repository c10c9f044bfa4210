from flax import linen
import jax.numpy as jnp
from jax import lax

from nets.attention import SeqParallelSelfAttention


class EncoderBlock(linen.Module):
  num_heads: int
  head_dim: int

  def setup(self):
    self.ln1 = linen.LayerNorm()
    self.attn = SeqParallelSelfAttention(self.num_heads, self.head_dim)
    self.ln2 = linen.LayerNorm()
    self.mlp_in = linen.Dense(4 * self.num_heads * self.head_dim)
    self.mlp_out = linen.Dense(self.num_heads * self.head_dim)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp_out(linen.gelu(self.mlp_in(self.ln2(x))))


class TextEncoder(linen.Module):
  vocab: int
  num_layers: int
  num_heads: int
  head_dim: int
  num_classes: int

  def setup(self):
    self.embed = linen.Embed(self.vocab, self.num_heads * self.head_dim)
    self.blocks = [EncoderBlock(self.num_heads, self.head_dim) for _ in range(self.num_layers)]
    self.head = linen.Dense(self.num_classes)

  def encode(self, tokens):
    """Per-token hidden states for this device's chunk of the sequence."""
    h = self.embed(tokens)
    for blk in self.blocks:
      h = blk(h)
    return h

  def __call__(self, tokens):
    h = self.encode(tokens)
    pooled = lax.pmean(jnp.mean(h, axis=1), 'sp')  # mean over the full sequence
    return self.head(pooled)
