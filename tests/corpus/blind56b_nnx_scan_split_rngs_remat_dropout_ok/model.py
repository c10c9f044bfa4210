import jax
import jax.numpy as jnp
from flax import nnx

NUM_LAYERS = 4
kinit = nnx.initializers.lecun_normal()


class MLPBlock(nnx.Module):
  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.up = nnx.Linear(dim, 4 * dim, kernel_init=nnx.with_partitioning(kinit, (None, 'model')), rngs=rngs)
    self.down = nnx.Linear(4 * dim, dim, kernel_init=nnx.with_partitioning(kinit, ('model', None)), rngs=rngs)
    self.dropout = nnx.Dropout(0.1)

  def __call__(self, x, rngs: nnx.Rngs):
    h = self.dropout(nnx.gelu(self.up(self.norm(x))), rngs=rngs)
    return x + self.down(h)


class DeepMLP(nnx.Module):
  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def make_blocks(rngs):
      return MLPBlock(dim, rngs=rngs)

    self.blocks = make_blocks(rngs)
    self.head = nnx.Linear(dim, 1, rngs=rngs)

  def __call__(self, x, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.scan(in_axes=(0, nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    @nnx.remat
    def run(block, x, rngs):
      return block(x, rngs)

    return self.head(run(self.blocks, x, rngs))
