import equinox as eqx
import jax


class TransformerStage(eqx.Module):
  attn: eqx.nn.MultiheadAttention
  norm: eqx.nn.LayerNorm

  def __init__(self, d, heads, key):
    self.attn = eqx.nn.MultiheadAttention(heads, d, key=key)
    self.norm = eqx.nn.LayerNorm(d)

  def __call__(self, x):
    y = jax.vmap(self.norm)(x)
    return x + self.attn(y, y, y)
