import equinox as eqx
import jax


class Model(eqx.Module):
  norm1: eqx.nn.BatchNorm
  spectral_linear: eqx.nn.SpectralNorm[eqx.nn.Linear]
  norm2: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key, axis_name='batch'):
    key1, key2, key3, key4 = jax.random.split(key, 4)
    self.norm1 = eqx.nn.BatchNorm(input_size=3, axis_name=axis_name)
    self.spectral_linear = eqx.nn.SpectralNorm(
        layer=eqx.nn.Linear(in_features=3, out_features=32, key=key1),
        weight_name='weight', key=key2)
    self.norm2 = eqx.nn.BatchNorm(input_size=32, axis_name=axis_name)
    self.linear1 = eqx.nn.Linear(in_features=32, out_features=32, key=key3)
    self.linear2 = eqx.nn.Linear(in_features=32, out_features=3, key=key4)

  def __call__(self, x, state):
    x, state = self.norm1(x, state)
    x, state = self.spectral_linear(x, state)
    x = jax.nn.relu(x)
    x, state = self.norm2(x, state)
    x = self.linear1(x)
    x = jax.nn.relu(x)
    x = self.linear2(x)
    return x, state
