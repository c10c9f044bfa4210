import equinox as eqx
import jax
import jax.numpy as jnp


class Decoder(eqx.Module):
  embed: eqx.nn.Embedding
  cell: eqx.nn.GRUCell
  proj: eqx.nn.Linear

  def __init__(self, vocab, dim, key):
    a, b, c = jax.random.split(key, 3)
    self.embed = eqx.nn.Embedding(vocab, dim, key=a)
    self.cell = eqx.nn.GRUCell(dim, dim, key=b)
    self.proj = eqx.nn.Linear(dim, vocab, key=c)

  def __call__(self, tok, h):
    h = self.cell(self.embed(tok), h)
    return jax.nn.log_softmax(self.proj(h)), h
