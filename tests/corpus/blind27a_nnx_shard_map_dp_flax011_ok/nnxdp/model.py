from flax import nnx
import jax


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(32 * 7 * 7, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.avg_pool(nnx.relu(self.conv1(x)), (2, 2), strides=(2, 2))
    x = nnx.avg_pool(nnx.relu(self.conv2(x)), (2, 2), strides=(2, 2))
    return self.linear(x.reshape(x.shape[0], -1))
