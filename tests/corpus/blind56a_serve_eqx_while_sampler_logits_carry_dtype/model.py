import equinox as eqx
import jax
import jax.numpy as jnp


class TinyLM(eqx.Module):
  embed: eqx.nn.Embedding
  cell: eqx.nn.GRUCell
  head: eqx.nn.Linear

  def __init__(self, vocab, hidden, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.embed = eqx.nn.Embedding(vocab, hidden, key=k1)
    self.cell = eqx.nn.GRUCell(hidden, hidden, key=k2)
    self.head = eqx.nn.Linear(hidden, vocab, use_bias=False, key=k3)

  def step(self, tok, h):
    """One token for one sequence -> (logits, new hidden)."""
    h = self.cell(self.embed(tok), h)
    return self.head(h), h


def to_bf16(model):
  """Cast every floating leaf for serving."""
  return jax.tree.map(
      lambda x: x.astype(jnp.bfloat16) if eqx.is_inexact_array(x) else x, model)
