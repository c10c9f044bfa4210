import equinox as eqx
import jax


class Classifier(eqx.Module):
  layers: list

  def __init__(self, cfg, key):
    sizes = (cfg.in_features, *cfg.hidden, cfg.num_classes)
    keys = jax.random.split(key, len(sizes) - 1)
    self.layers = [eqx.nn.Linear(a, b, key=k) for a, b, k in zip(sizes[:-1], sizes[1:], keys)]

  def __call__(self, x):
    for layer in self.layers[:-1]:
      x = jax.nn.relu(layer(x))
    return self.layers[-1](x)
