import jax
from flax import nnx


class Block(nnx.Module):

  def __init__(self, dim, rngs: nnx.Rngs):
    self.linear = nnx.Linear(dim, dim, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.linear(self.norm(x)))


@nnx.split_rngs(splits=6)
@nnx.vmap(in_axes=(None, 0), out_axes=0)
def create_stack(dim, rngs: nnx.Rngs):
  return Block(dim, rngs)


@nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
@nnx.remat
def run_stack(x, block):
  return block(x)
