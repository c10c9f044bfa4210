import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
  """How many layers the last forward pass went through."""


class Block(nnx.Module):

  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.linear = nnx.Linear(dim, dim, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    return x + self.dropout(nnx.gelu(self.linear(self.norm(x))))


class LayerStack(nnx.Module):

  def __init__(self, dim: int, num_layers: int, *, rngs: nnx.Rngs):

    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs: nnx.Rngs):
      return Block(dim, rngs=rngs)

    self.block = create_block(rngs)
    self.depth = Count(jnp.array(0, jnp.int32))

  def __call__(self, x):
    self.depth[...] = jnp.array(0, jnp.int32)

    @nnx.remat
    def body(stack: 'LayerStack', x):
      stack.depth[...] += 1
      return stack.block(x)

    state_axes = nnx.StateAxes({Count: nnx.Carry, ...: 0})
    forward = nnx.scan(body, in_axes=(state_axes, nnx.Carry), out_axes=nnx.Carry)
    return forward(self, x)


class Encoder(nnx.Module):

  def __init__(self, din: int, dim: int, num_layers: int, num_classes: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Linear(din, dim, rngs=rngs)
    self.stack = LayerStack(dim, num_layers, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, x):
    return self.head(self.stack(self.embed(x)).mean(axis=1))
