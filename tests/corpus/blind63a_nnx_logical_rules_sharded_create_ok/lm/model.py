from flax import nnx

from .layers import Embed, FeedForward


class TinyDecoder(nnx.Module):

  def __init__(self, vocab: int, d_model: int, d_ff: int, n_layers: int, *, rngs: nnx.Rngs):
    self.embed = Embed(vocab, d_model, rngs=rngs)
    self.blocks = nnx.List([FeedForward(d_model, d_ff, rngs=rngs) for _ in range(n_layers)])
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)

  def __call__(self, ids):
    h = self.embed(ids)
    for blk in self.blocks:
      h = h + blk(self.norm(h))
    return self.embed.attend(h)
