import jax
import jax.numpy as jnp
from flax import nnx


class SyncLayerNorm(nnx.Module):
  """LayerNorm whose feature statistics are averaged over the data-parallel replicas."""

  def __init__(self, features, axis_name, *, rngs: nnx.Rngs):
    self.scale = nnx.Param(jnp.ones((features,)))
    self.bias = nnx.Param(jnp.zeros((features,)))
    self.axis_name = axis_name

  def __call__(self, x):
    mean = jnp.mean(x, axis=0)
    mean = jax.lax.pmean(mean, self.axis_name)
    var = jax.lax.pmean(jnp.mean(jnp.square(x - mean), axis=0), self.axis_name)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * self.scale + self.bias


class Classifier(nnx.Module):

  def __init__(self, din, dout, axis_name, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, 64, rngs=rngs)
    self.norm = SyncLayerNorm(64, axis_name, rngs=rngs)
    self.fc2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.norm(self.fc1(x))))
