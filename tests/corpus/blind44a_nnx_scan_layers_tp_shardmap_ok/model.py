import jax
from flax import nnx


class Block(nnx.Module):
  def __init__(self, d, h, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(d, rngs=rngs)
    self.w1 = nnx.Linear(d, h, use_bias=False, rngs=rngs)
    self.w2 = nnx.Linear(h, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.w1(self.norm(x)))
    # w2 is row-parallel: each shard holds a slice of h
    return x + jax.lax.psum(self.w2(h), 'model')


class Stack(nnx.Module):
  def __init__(self, num_layers, d, h, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs: nnx.Rngs):
      return Block(d, h, rngs=rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def forward(block, x):
      return block(x)

    return forward(self.blocks, x)
