import equinox as eqx
import jax
import jax.numpy as jnp


class WindowLM(eqx.Module):
  """Predicts the next token from the last `window` tokens (bag of embeddings + MLP)."""
  embed: eqx.nn.Embedding
  mlp: eqx.nn.MLP
  window: int = eqx.field(static=True)

  def __init__(self, vocab, dim, window, *, key):
    k1, k2 = jax.random.split(key)
    self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
    self.mlp = eqx.nn.MLP(dim, vocab, width_size=4 * dim, depth=2, key=k2)
    self.window = window

  def __call__(self, ctx):
    # ctx: [window] int32
    h = jax.vmap(self.embed)(ctx).mean(axis=0)
    return self.mlp(h)
