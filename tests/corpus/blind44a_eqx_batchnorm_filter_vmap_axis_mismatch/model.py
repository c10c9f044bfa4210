import equinox as eqx
import jax
import jax.random as jr


class Model(eqx.Module):
  norm: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key):
    key1, key2 = jr.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=key1)
    self.norm = eqx.nn.BatchNorm(input_size=32, axis_name="batch", mode="batch")
    self.linear2 = eqx.nn.Linear(32, 3, key=key2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    x = jax.nn.relu(x)
    x = self.linear2(x)
    return x, state
