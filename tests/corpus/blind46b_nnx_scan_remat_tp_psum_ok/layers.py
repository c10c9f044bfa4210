import jax
import jax.numpy as jnp
from flax import nnx

MODEL_AXIS = 'model'
NUM_LAYERS = 4


class Block(nnx.Module):
  """Megatron MLP block: column-parallel up-projection, row-parallel down-projection."""

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(d_model, d_ff, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init, (None, MODEL_AXIS)))
    self.down = nnx.Linear(d_ff, d_model, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, (MODEL_AXIS, None)))
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(self.norm(x)))
    out = self.down(h)
    # partial sums from each model shard
    out = jax.lax.psum(out, MODEL_AXIS)
    return x + out


class Stack(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_block(rngs: nnx.Rngs):
      return Block(d_model, d_ff, rngs=rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    @nnx.remat
    def forward(block, x):
      return block(x)

    return forward(self.blocks, x)
