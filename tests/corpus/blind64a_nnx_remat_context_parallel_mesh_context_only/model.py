from flax import nnx

from attention import Block


class Encoder(nnx.Module):
  def __init__(self, vocab: int, d_model: int, num_heads: int, depth: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs)
    self.blocks = [Block(d_model, num_heads, rngs=rngs) for _ in range(depth)]
    self.head = nnx.Linear(d_model, vocab, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for block in self.blocks:
      x = nnx.remat(Block.__call__)(block, x)
    return self.head(x)
