from flax import nnx

kernel_init = nnx.initializers.lecun_normal()


class Block(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(kernel_init, (None, "model")),
                         rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(kernel_init, ("model", None)),
                           rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.silu(self.up(self.norm(x))))


class Encoder(nnx.Module):
  """Layer weights are stacked on a leading axis that is sharded over the "stage" mesh axis."""

  def __init__(self, n_layers: int, d_model: int, d_ff: int, *, rngs: nnx.Rngs):

    @nnx.split_rngs(splits=n_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: "stage"})
    def create_blocks(rngs):
      return Block(d_model, d_ff, rngs=rngs)

    self.blocks = create_blocks(rngs)

  def __call__(self, x):

    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: "stage"})
    def run_block(block, x):
      return block(x)

    return run_block(self.blocks, x)
