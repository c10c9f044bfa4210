import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class ColumnParallelLinear(eqx.Module):
  """y = x @ W[:, shard] + b[shard], then gathered over the tensor-parallel axis."""
  weight: jax.Array
  bias: jax.Array
  axis_name: str = eqx.field(static=True, default="model")

  def __init__(self, in_features, out_features, *, key, axis_name="model"):
    self.weight = jax.random.normal(key, (in_features, out_features)) / jnp.sqrt(in_features)
    self.bias = jnp.zeros((out_features,))
    self.axis_name = axis_name

  def __call__(self, x):
    y_local = x @ self.weight + self.bias
    return lax.all_gather(y_local, self.axis_name, axis=-1, tiled=True)


class MLP(eqx.Module):
  layers: list

  def __init__(self, sizes, *, key, axis_name="model"):
    keys = jax.random.split(key, len(sizes) - 1)
    self.layers = [ColumnParallelLinear(i, o, key=k, axis_name=axis_name)
                   for i, o, k in zip(sizes[:-1], sizes[1:], keys)]

  def __call__(self, x):
    for layer in self.layers[:-1]:
      x = jax.nn.gelu(layer(x))
    return self.layers[-1](x)
