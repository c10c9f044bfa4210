import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Block(nnx.Module):
  def __init__(self, dim: int, rngs: nnx.Rngs):
    self.fc_in = nnx.Linear(dim, 4 * dim, rngs=rngs)
    self.fc_out = nnx.Linear(4 * dim, dim, use_bias=False, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.fc_in(self.norm(x)))
    # row-parallel projection: partial sums live on each tensor-parallel shard
    h = lax.psum(self.fc_out(h), axis_name="tp")
    return x + h


class Stack(nnx.Module):
  def __init__(self, dim, depth, rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def make(rngs):
      return Block(dim, rngs)

    self.blocks = make(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def body(h, block):
      return block(h)

    return body(x, self.blocks)


@nnx.jit
def forward(model, x):
  return model(x).mean()


model = Stack(64, 3, nnx.Rngs(0))
x = jnp.ones((8, 64))
forward.trace(model, x).lower(lowering_platforms=("cuda",))
