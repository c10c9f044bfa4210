import jax
import jax.numpy as jnp
from flax import nnx


class Layer(nnx.Module):
  def __init__(self, dim: int, rngs: nnx.Rngs):
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.scale = nnx.Param(jnp.ones((dim,)))

  def __call__(self, x):
    h = jnp.tanh(self.proj(x)) * self.scale
    # per-example auxiliary penalty
    return h, jnp.mean(h ** 2, axis=-1)


class Stack(nnx.Module):
  def __init__(self, dim: int, depth: int, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=0, out_axes=0)
    def make(rngs):
      return Layer(dim, rngs)
    self.layers = make(rngs)

  def __call__(self, x):
    graphdef, state = nnx.split(self.layers)

    def body(carry, layer_state):
      x, aux = carry
      layer = nnx.merge(graphdef, layer_state)
      x, layer_aux = layer(x)
      return (x, aux + layer_aux), None

    (x, aux), _ = jax.lax.scan(body, (x, jnp.zeros(())), state)
    return x, aux
