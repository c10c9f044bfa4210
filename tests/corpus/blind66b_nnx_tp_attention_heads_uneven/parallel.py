from flax import nnx
from jax.sharding import PartitionSpec as P


def shard_block(mesh, block):
  """Wrap block.__call__ in nnx.shard_map using the block's own annotations."""
  specs = nnx.get_partition_spec(nnx.state(block))
  return nnx.shard_map(
      lambda m, x: m(x),
      mesh=mesh,
      in_specs=(nnx.StateSharding(specs), P("data")),
      out_specs=P("data"),
  )
