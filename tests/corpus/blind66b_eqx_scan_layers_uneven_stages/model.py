import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
  linear: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __init__(self, width, *, key):
    self.linear = eqx.nn.Linear(width, width, key=key)
    self.norm = eqx.nn.LayerNorm(width)

  def __call__(self, x):
    return x + jax.nn.gelu(self.linear(self.norm(x)))


def apply_layers(layers, x):
  """Run a stack of Blocks (leading axis = layer) over a batch with lax.scan."""
  dynamic, static = eqx.partition(layers, eqx.is_array)

  def body(h, layer_params):
    layer = eqx.combine(layer_params, static)
    return jax.vmap(layer)(h), None

  out, _ = jax.lax.scan(body, x, dynamic)
  return out


class StackedMLP(eqx.Module):
  layers: Block

  def __init__(self, width, num_layers, *, key):
    keys = jax.random.split(key, num_layers)
    make = lambda k: Block(width, key=k)
    self.layers = eqx.filter_vmap(make)(keys)

  def __call__(self, x):
    return apply_layers(self.layers, x)
