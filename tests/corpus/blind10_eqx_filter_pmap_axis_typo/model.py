import equinox as eqx
import jax


class Classifier(eqx.Module):
  body: eqx.nn.MLP
  norm: eqx.nn.LayerNorm

  def __init__(self, key):
    self.body = eqx.nn.MLP(12, 5, 48, 2, activation=jax.nn.gelu, key=key)
    self.norm = eqx.nn.LayerNorm(12)

  def __call__(self, x):
    return self.body(self.norm(x))
