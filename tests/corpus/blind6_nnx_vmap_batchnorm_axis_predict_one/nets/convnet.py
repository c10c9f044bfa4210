from flax import nnx
import jax.numpy as jnp

BATCH_AXIS = 'batch'


class ConvNet(nnx.Module):
  """Per-example network: vmapped over the batch, BatchNorm reduces its statistics across
  the vmapped axis by name."""

  def __init__(self, rngs: nnx.Rngs):
    self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
    self.bn = nnx.BatchNorm(8, axis_name=BATCH_AXIS, rngs=rngs)
    self.head = nnx.Linear(8, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.conv(x)))
    return self.head(jnp.mean(x, axis=(0, 1)))
