import equinox as eqx
import jax

SYNC_AXES = ('data', 'batch')


class Net(eqx.Module):
  layers: tuple

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.layers = (
        eqx.nn.Linear(16, 64, key=k1),
        eqx.nn.BatchNorm(64, axis_name=SYNC_AXES),
        eqx.nn.Linear(64, 4, key=k2),
    )

  def __call__(self, x, state):
    x = self.layers[0](x)
    x, state = self.layers[1](x, state)
    x = jax.nn.relu(x)
    return self.layers[2](x), state
