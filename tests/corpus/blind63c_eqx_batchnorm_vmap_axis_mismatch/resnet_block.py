import equinox as eqx
import jax
import jax.numpy as jnp

BN_AXIS = "batch"


class ResBlock(eqx.Module):
  conv1: eqx.nn.Conv2d
  bn1: eqx.nn.BatchNorm
  conv2: eqx.nn.Conv2d
  bn2: eqx.nn.BatchNorm

  def __init__(self, channels, *, key):
    k1, k2 = jax.random.split(key)
    self.conv1 = eqx.nn.Conv2d(channels, channels, 3, padding=1, use_bias=False, key=k1)
    self.bn1 = eqx.nn.BatchNorm(channels, axis_name=BN_AXIS)
    self.conv2 = eqx.nn.Conv2d(channels, channels, 3, padding=1, use_bias=False, key=k2)
    self.bn2 = eqx.nn.BatchNorm(channels, axis_name=BN_AXIS)

  def __call__(self, x, state):
    h = self.conv1(x)
    h, state = self.bn1(h, state)
    h = jax.nn.relu(h)
    h = self.conv2(h)
    h, state = self.bn2(h, state)
    return jax.nn.relu(h + x), state


class Net(eqx.Module):
  stem: eqx.nn.Conv2d
  block: ResBlock
  head: eqx.nn.Linear

  def __init__(self, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.stem = eqx.nn.Conv2d(3, 32, 3, padding=1, key=k1)
    self.block = ResBlock(32, key=k2)
    self.head = eqx.nn.Linear(32, 10, key=k3)

  def __call__(self, x, state):
    h, state = self.block(self.stem(x), state)
    return self.head(jnp.mean(h, axis=(1, 2))), state
