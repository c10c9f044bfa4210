from flax import nnx

from layers import ParallelMLPBlock


class MLPStack(nnx.Module):
  def __init__(self, num_layers: int, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_block(rngs: nnx.Rngs):
      return ParallelMLPBlock(d_model, d_ff, rngs=rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    def forward(block, x):
      return block(x)

    return forward(self.blocks, x)
