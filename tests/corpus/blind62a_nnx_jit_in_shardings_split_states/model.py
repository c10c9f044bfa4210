"""CNN from flax/examples/mnist (NNX port), with tensor-parallel annotations."""
from functools import partial

import jax.numpy as jnp
from flax import nnx

init_fn = nnx.initializers.lecun_normal()


class CNN(nnx.Module):

  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(
        1, 32, kernel_size=(3, 3),
        kernel_init=nnx.with_partitioning(init_fn, (None, None, None, 'model')),
        rngs=rngs)
    self.bn1 = nnx.BatchNorm(32, rngs=rngs)
    self.dropout1 = nnx.Dropout(0.1, rngs=rngs)
    self.avg_pool = partial(nnx.avg_pool, window_shape=(2, 2), strides=(2, 2))
    self.linear1 = nnx.Linear(
        14 * 14 * 32, 256,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
        rngs=rngs)
    self.linear2 = nnx.Linear(
        256, 10,
        kernel_init=nnx.with_partitioning(init_fn, ('model', None)),
        rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.bn1(self.conv1(x))))
    x = x.reshape(x.shape[0], -1)
    x = self.dropout1(nnx.relu(self.linear1(x)))
    return self.linear2(x)
