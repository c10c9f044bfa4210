from jax import lax as L
from flax import nnx
import jax.numpy as jnp


class ParallelMLP(nnx.Module):
  def __init__(self, d, hidden, rngs):
    self.up = nnx.Linear(d, hidden, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(hidden, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.up(x))
    return L.psum(self.down(h), axis_name='tp')


class Stack(nnx.Module):
  def __init__(self, depth, d, hidden, rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def build(rngs):
      return ParallelMLP(d, hidden, rngs)
    self.blocks = build(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def step(block, h):
      return h + block(h)
    return step(self.blocks, x)
