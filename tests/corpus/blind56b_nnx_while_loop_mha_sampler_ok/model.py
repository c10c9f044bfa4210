import jax.numpy as jnp
from flax import nnx


class TinyLM(nnx.Module):
  """One-layer decoder used for streaming generation (one token per call)."""

  def __init__(self, vocab: int, dim: int, heads: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(
        num_heads=heads, in_features=dim, decode=True, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, vocab, use_bias=False, rngs=rngs)

  def __call__(self, tok):
    x = self.embed(tok)[:, None, :]          # (B, 1, D)
    x = x + self.attn(self.norm(x))
    return self.head(x[:, 0, :])             # (B, V)
