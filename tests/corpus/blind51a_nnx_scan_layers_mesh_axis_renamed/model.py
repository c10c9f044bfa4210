from flax import nnx

init = nnx.initializers.lecun_normal()


class Block(nnx.Module):
  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.wi = nnx.Linear(dim, hidden, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, (None, 'model')), rngs=rngs)
    self.wo = nnx.Linear(hidden, dim, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, ('model', None)), rngs=rngs)

  def __call__(self, x):
    return x + self.wo(nnx.relu(self.wi(x)))


class ScannedMLP(nnx.Module):
  def __init__(self, num_layers: int, dim: int, hidden: int, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create_block(rngs: nnx.Rngs):
      return Block(dim, hidden, rngs=rngs)

    self.blocks = create_block(rngs)
    self.num_layers = num_layers

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    def forward(x, block: Block):
      return block(x)

    return forward(x, self.blocks)
