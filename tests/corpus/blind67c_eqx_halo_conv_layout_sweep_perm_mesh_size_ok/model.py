import jax
import equinox as eqx


class CausalConvNet(eqx.Module):
  conv1: eqx.nn.Conv1d
  conv2: eqx.nn.Conv1d
  width: int = eqx.field(static=True)

  def __init__(self, channels, width, key):
    k1, k2 = jax.random.split(key)
    self.conv1 = eqx.nn.Conv1d(channels, channels, width, key=k1)
    self.conv2 = eqx.nn.Conv1d(channels, channels, 1, key=k2)
    self.width = width

  def __call__(self, x):
    # x: (channels, length + width - 1), the left halo is already attached
    return self.conv2(jax.nn.gelu(self.conv1(x)))
