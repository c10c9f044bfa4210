import equinox as eqx
import jax


class RowParallelMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, d, hidden, *, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, d, use_bias=False, key=k2)

  def __call__(self, x):
    return self.down(jax.nn.relu(self.up(x)))
