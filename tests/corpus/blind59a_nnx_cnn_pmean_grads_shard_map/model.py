import flax.nnx as nnx
import jax.numpy as jnp


class CNN(nnx.Module):
  """The MNIST CNN from the Flax NNX basics tutorial, with BatchNorm and Dropout."""

  def __init__(self, *, rngs: nnx.Rngs, bn_axis_name=None):
    self.conv1 = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
    self.bn1 = nnx.BatchNorm(32, axis_name=bn_axis_name, rngs=rngs)
    self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
    self.bn2 = nnx.BatchNorm(64, axis_name=bn_axis_name, rngs=rngs)
    self.dropout = nnx.Dropout(rate=0.25, rngs=rngs)
    self.linear1 = nnx.Linear(3136, 256, rngs=rngs)
    self.linear2 = nnx.Linear(256, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.avg_pool(nnx.relu(self.bn1(self.conv1(x))), window_shape=(2, 2), strides=(2, 2))
    x = nnx.avg_pool(nnx.relu(self.bn2(self.conv2(x))), window_shape=(2, 2), strides=(2, 2))
    x = x.reshape(x.shape[0], -1)
    x = self.dropout(nnx.relu(self.linear1(x)))
    return self.linear2(x)
