import equinox as eqx
import jax
import jax.numpy as jnp

from layers import ConvBNBlock


class Net(eqx.Module):
  blocks: list
  head: eqx.nn.Linear

  def __init__(self, num_classes, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.blocks = [ConvBNBlock(3, 16, key=k1), ConvBNBlock(16, 32, key=k2)]
    self.head = eqx.nn.Linear(32, num_classes, key=k3)

  def __call__(self, x, state):
    for block in self.blocks:
      x, state = block(x, state)
    return self.head(jnp.mean(x, axis=(1, 2))), state
