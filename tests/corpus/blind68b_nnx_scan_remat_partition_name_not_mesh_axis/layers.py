import jax
import jax.numpy as jnp
from flax import nnx

# The leading (stacked) axis of the block parameters gets this partition name.
LAYER_AXIS = 'layers'


class DotReluDot(nnx.Module):

  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
        use_bias=False,
        rngs=rngs)
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        sharding=('model', None),
    )

  def __call__(self, x: jax.Array):
    y = nnx.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(
        y, jax.sharding.PartitionSpec('data', 'model'))
    return jnp.dot(y, self.w2.value)


class StackedBlocks(nnx.Module):

  def __init__(self, depth: int, num_layers: int, *, rngs: nnx.Rngs):

    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0,
              transform_metadata={nnx.PARTITION_NAME: LAYER_AXIS})
    def create_block(rngs: nnx.Rngs):
      return DotReluDot(depth, rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: LAYER_AXIS})
    @nnx.remat(prevent_cse=False)
    def forward(x, block):
      return block(x)

    return forward(x, self.blocks)
