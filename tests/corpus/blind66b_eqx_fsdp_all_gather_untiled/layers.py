import equinox as eqx
import jax


class Backbone(eqx.Module):
  layers: list

  def __init__(self, in_size, width, depth, *, key):
    keys = jax.random.split(key, depth)
    sizes = [in_size] + [width] * depth
    self.layers = [eqx.nn.Linear(a, b, key=k)
                   for a, b, k in zip(sizes[:-1], sizes[1:], keys)]

  def __call__(self, x):
    for layer in self.layers:
      x = jax.nn.gelu(layer(x))
    return x
