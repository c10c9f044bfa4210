from flax import nnx

from blocks import EncoderBlock


class Encoder(nnx.Module):

  def __init__(self, vocab, d_model, num_heads, num_layers, *, rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs)
    self.blocks = nnx.List([EncoderBlock(d_model, num_heads, 4 * d_model,
                                         rngs=rngs)
                            for _ in range(num_layers)])
    self.head = nnx.Linear(d_model, 2, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for block in self.blocks:
      x = block(x)
    return self.head(x.mean(axis=1))
