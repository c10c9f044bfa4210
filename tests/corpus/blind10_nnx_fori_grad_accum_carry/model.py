from flax import nnx


class TinyLM(nnx.Module):

  def __init__(self, vocab, d, *, rngs):
    self.embed = nnx.Embed(vocab, d, rngs=rngs)
    self.out = nnx.Linear(d, vocab, rngs=rngs)

  def __call__(self, tokens):
    return self.out(nnx.gelu(self.embed(tokens)))
