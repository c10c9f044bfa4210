from functools import partial

from flax import nnx


class ConvNet(nnx.Module):

  def __init__(self, num_classes: int, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(3, 32, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
    self.pool = partial(nnx.avg_pool, window_shape=(2, 2), strides=(2, 2))
    self.fc = nnx.Linear(64 * 8 * 8, num_classes, rngs=rngs)

  def __call__(self, x):
    x = self.pool(nnx.relu(self.conv1(x)))
    x = self.pool(nnx.relu(self.conv2(x)))
    return self.fc(x.reshape(x.shape[0], -1))
