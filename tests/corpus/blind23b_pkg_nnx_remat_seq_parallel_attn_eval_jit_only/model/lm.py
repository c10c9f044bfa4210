import jax
import jax.numpy as jnp
from flax import nnx

from .layers import TransformerBlock


class TinyLM(nnx.Module):
  def __init__(self, vocab, d, heads, n_layers, *, rngs):
    self.embed = nnx.Embed(vocab, d, rngs=rngs)
    self.blocks = nnx.List([TransformerBlock(d, heads, rngs=rngs) for _ in range(n_layers)])
    self.ln_f = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for block in self.blocks:
      x = nnx.remat(lambda blk, h: blk(h))(block, x)
    return self.embed.attend(self.ln_f(x))
