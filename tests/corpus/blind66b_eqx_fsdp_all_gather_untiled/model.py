import equinox as eqx
import jax

from layers import Backbone


class Classifier(Backbone):
  head: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __init__(self, in_size, width, depth, num_classes, *, key):
    bkey, hkey = jax.random.split(key)
    super().__init__(in_size, width, depth, key=bkey)
    self.norm = eqx.nn.LayerNorm(width)
    self.head = eqx.nn.Linear(width, num_classes, key=hkey)

  def __call__(self, x):
    return self.head(self.norm(super().__call__(x)))
