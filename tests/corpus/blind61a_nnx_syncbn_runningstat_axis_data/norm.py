import jax
import jax.numpy as jnp
from flax import nnx


class RunningStat(nnx.Variable):
  """Running mean/var; split away from Params so the optimizer never sees them."""


class SyncBatchNorm(nnx.Module):
  """BatchNorm whose batch statistics are averaged over a named device axis."""

  def __init__(self, features: int, *, axis_name: str, momentum: float = 0.9, eps: float = 1e-5):
    self.scale = nnx.Param(jnp.ones((features,)))
    self.bias = nnx.Param(jnp.zeros((features,)))
    self.mean = RunningStat(jnp.zeros((features,)))
    self.var = RunningStat(jnp.ones((features,)))
    self.axis_name = axis_name
    self.momentum = momentum
    self.eps = eps
    self.use_running_average = False

  def __call__(self, x):
    if self.use_running_average:
      mean, var = self.mean.value, self.var.value
    else:
      mean = jax.lax.pmean(x.mean(axis=0), self.axis_name)
      var = jax.lax.pmean((x * x).mean(axis=0), self.axis_name) - mean * mean
      self.mean.value = self.momentum * self.mean.value + (1 - self.momentum) * mean
      self.var.value = self.momentum * self.var.value + (1 - self.momentum) * var
    y = (x - mean) * jax.lax.rsqrt(var + self.eps)
    return y * self.scale.value + self.bias.value


class Net(nnx.Module):

  def __init__(self, din: int, dhidden: int, dout: int, *, bn_axis: str, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.bn = SyncBatchNorm(dhidden, axis_name=bn_axis)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.bn(self.fc1(x))))
