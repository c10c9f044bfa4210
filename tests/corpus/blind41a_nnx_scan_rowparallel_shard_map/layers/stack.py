from flax import nnx

from layers.block import RowParallelBlock


def make_stack(n_layers, d_in, d_model, seed=0):
  @nnx.split_rngs(splits=n_layers)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return RowParallelBlock(d_in, d_model, rngs)

  return create(nnx.Rngs(seed))


def run_stack(stack, x_full, slice_fn):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  def body(block, h):
    return block(slice_fn(h), h)

  return body(stack, x_full)
