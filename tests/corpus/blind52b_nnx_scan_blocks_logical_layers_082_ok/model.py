import jax
import jax.numpy as jnp
from flax import nnx

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'), ('layers', None))


class Block(nnx.Module):
  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init, ('embed', 'mlp')))
    self.down = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, ('mlp', 'embed')))
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(self.norm(x))))


class Stack(nnx.Module):
  def __init__(self, dim: int, hidden: int, num_layers: int, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0,
              transform_metadata={nnx.PARTITION_NAME: 'layers'})
    def create_block(rngs: nnx.Rngs):
      return Block(dim, hidden, rngs=rngs)

    self.blocks = create_block(rngs)
    self.num_layers = num_layers

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: 'layers'})
    def forward(x, block: Block):
      return block(x)

    return forward(x, self.blocks)


def create_model(dim, hidden, num_layers, seed):
  @jax.jit
  def init(key):
    return Stack(dim, hidden, num_layers, rngs=nnx.Rngs(key))
  return init(jax.random.key(seed))
