"""Layers for the data-parallel CNN classifier."""
import jax.numpy as jnp
from jax import lax
from flax import nnx


class SyncBatchNorm(nnx.Module):
  """BatchNorm over the global batch: per-device moments are averaged across `axis_name`."""

  def __init__(self, num_features: int, *, axis_name: str = "data",
               momentum: float = 0.9, epsilon: float = 1e-5):
    self.scale = nnx.Param(jnp.ones((num_features,)))
    self.bias = nnx.Param(jnp.zeros((num_features,)))
    self.mean = nnx.BatchStat(jnp.zeros((num_features,)))
    self.var = nnx.BatchStat(jnp.ones((num_features,)))
    self.axis_name = axis_name
    self.momentum = momentum
    self.epsilon = epsilon
    self.use_running_average = False

  def __call__(self, x):
    if self.use_running_average:
      mean, var = self.mean[...], self.var[...]
    else:
      reduce_axes = tuple(range(x.ndim - 1))
      local_mean = jnp.mean(x, axis=reduce_axes)
      local_sq = jnp.mean(jnp.square(x), axis=reduce_axes)
      # global moments of the (sharded) batch
      mean, mean_sq = lax.pmean((local_mean, local_sq), axis_name=self.axis_name)
      var = mean_sq - jnp.square(mean)
      m = self.momentum
      self.mean[...] = m * self.mean[...] + (1 - m) * mean
      self.var[...] = m * self.var[...] + (1 - m) * var
    y = (x - mean) * lax.rsqrt(var + self.epsilon)
    return y * self.scale[...] + self.bias[...]


class CNN(nnx.Module):
  def __init__(self, num_classes: int = 10, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
    self.bn1 = SyncBatchNorm(32)
    self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
    self.bn2 = SyncBatchNorm(64)
    self.linear = nnx.Linear(64, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn1(self.conv1(x)))
    x = nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = nnx.relu(self.bn2(self.conv2(x)))
    x = x.mean(axis=(1, 2))
    return self.linear(x)
