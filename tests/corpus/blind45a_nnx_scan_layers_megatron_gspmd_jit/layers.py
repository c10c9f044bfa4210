import jax
from jax import lax
from flax import nnx

init_fn = nnx.initializers.lecun_normal()


class Block(nnx.Module):
  """Megatron MLP block: column-parallel up projection, row-parallel down projection."""

  def __init__(self, d: int, hidden: int, rngs: nnx.Rngs):
    self.up = nnx.Linear(d, hidden, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))
    self.down = nnx.Linear(hidden, d, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init_fn, ('model', None)))

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))
    return x + lax.psum(self.down(h), 'model')


class Stack(nnx.Module):
  def __init__(self, d: int, hidden: int, num_layers: int, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_blocks(rngs: nnx.Rngs):
      return Block(d, hidden, rngs)

    self.blocks = create_blocks(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def forward(block: Block, x):
      return block(x)

    return forward(self.blocks, x)
