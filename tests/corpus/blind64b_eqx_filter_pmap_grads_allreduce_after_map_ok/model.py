import equinox as eqx
import jax


class Classifier(eqx.Module):
  encoder: eqx.nn.MLP
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.encoder = eqx.nn.MLP(784, 128, width_size=256, depth=2, key=k1)
    self.head = eqx.nn.Linear(128, 10, key=k2)

  def __call__(self, x):
    return self.head(jax.nn.relu(self.encoder(x)))
