import equinox as eqx
import jax

BN_AXIS = 'batch'


class ConvBlock(eqx.Module):
  conv: eqx.nn.Conv2d
  bn: eqx.nn.BatchNorm

  def __init__(self, cin, cout, key):
    self.conv = eqx.nn.Conv2d(cin, cout, 3, padding=1, key=key)
    self.bn = eqx.nn.BatchNorm(cout, axis_name=BN_AXIS)

  def __call__(self, x, state):
    x, state = self.bn(self.conv(x), state)
    return jax.nn.relu(x), state


class SmallCNN(eqx.Module):
  blocks: list
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.blocks = [ConvBlock(1, 8, k1), ConvBlock(8, 16, k2)]
    self.head = eqx.nn.Linear(16, 10, key=k3)

  def __call__(self, x, state):
    for b in self.blocks:
      x, state = b(x, state)
    return self.head(x.mean(axis=(1, 2))), state
