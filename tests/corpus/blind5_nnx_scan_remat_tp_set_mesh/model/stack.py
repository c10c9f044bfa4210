from flax import nnx

from .block import TPBlock


def create_stack(cfg, rngs):
  @nnx.split_rngs(splits=cfg.num_layers)
  @nnx.vmap(in_axes=0, out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
  def create(rngs):
    return TPBlock(cfg, rngs=rngs)

  return create(rngs)


def apply_stack(blocks, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  @nnx.remat
  def body(block, x):
    return block(x)

  return body(blocks, x)
