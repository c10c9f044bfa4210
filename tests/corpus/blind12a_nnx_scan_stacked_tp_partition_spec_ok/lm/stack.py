import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from .axes import DATA
from .blocks import MLPBlock


def create_stack(num_layers, dim, hidden, seed=0):

  @nnx.split_rngs(splits=num_layers)
  @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
  def create(rngs):
    return MLPBlock(dim, hidden, rngs=rngs)

  return create(nnx.Rngs(seed))


def build_forward(graphdef, state, mesh):
  param_specs = nnx.get_partition_spec(state)

  def forward(state, x):
    blocks = nnx.merge(graphdef, state)

    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def run(block, h):
      return block(h)

    return run(blocks, x)

  return jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(param_specs, P(DATA)),
                               out_specs=P(DATA)))
