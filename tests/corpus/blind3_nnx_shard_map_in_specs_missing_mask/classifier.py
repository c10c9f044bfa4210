import jax.numpy as jnp
from flax import nnx


class TextClassifier(nnx.Module):
  def __init__(self, vocab: int, dim: int, heads: int, classes: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=dim, decode=False, rngs=rngs)
    self.head = nnx.Linear(dim, classes, rngs=rngs)

  def __call__(self, tokens, mask):
    x = self.embed(tokens)
    x = x + self.attn(x, mask=nnx.make_attention_mask(mask, mask))
    pooled = (x * mask[..., None]).sum(1) / jnp.maximum(mask.sum(1, keepdims=True), 1)
    return self.head(pooled)
