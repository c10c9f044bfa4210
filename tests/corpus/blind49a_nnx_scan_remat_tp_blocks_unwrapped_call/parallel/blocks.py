"""Megatron-style feed-forward block; activations are reduced over the tensor axis."""
import jax
from jax import lax
from flax import nnx
from jax.sharding import PartitionSpec as P

TP = 'model'


class Block(nnx.Module):
  def __init__(self, d, dff, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.up = nnx.Linear(d, dff, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(dff, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(self.norm(x)))
    return x + lax.psum(self.down(h), TP)


def stacked_blocks(num_layers, d, dff, rngs):
  @nnx.split_rngs(splits=num_layers)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs: nnx.Rngs):
    return Block(d, dff, rngs=rngs)
  return create(rngs)


def _ends(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


# leading axis is the layer axis introduced by nnx.vmap
block_spec = nnx.StateSharding({
    _ends('up', 'kernel'): P(None, None, TP),
    _ends('down', 'kernel'): P(None, TP, None),
    ...: P(),
})
