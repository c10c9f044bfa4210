import jax
from flax import nnx


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(32 * 7 * 7, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.avg_pool(nnx.relu(self.conv1(x)), window_shape=(2, 2), strides=(2, 2))
    x = nnx.avg_pool(nnx.relu(self.conv2(x)), window_shape=(2, 2), strides=(2, 2))
    x = x.reshape(x.shape[0], -1)
    return self.linear(x)
