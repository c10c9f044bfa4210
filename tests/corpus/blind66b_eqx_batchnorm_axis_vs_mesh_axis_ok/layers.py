import equinox as eqx
import jax

BN_AXIS = "batch"


class ConvBlock(eqx.Module):
  conv: eqx.nn.Conv2d

  def __init__(self, cin, cout, *, key):
    self.conv = eqx.nn.Conv2d(cin, cout, kernel_size=3, padding=1, key=key)

  def __call__(self, x, state):
    return jax.nn.relu(self.conv(x)), state


class ConvBNBlock(ConvBlock):
  norm: eqx.nn.BatchNorm

  def __init__(self, cin, cout, *, key):
    super().__init__(cin, cout, key=key)
    self.norm = eqx.nn.BatchNorm(cout, axis_name=BN_AXIS)

  def __call__(self, x, state):
    x = self.conv(x)
    x, state = self.norm(x, state)
    return jax.nn.relu(x), state
