import jax
from jax import lax
from jax.sharding import PartitionSpec as P

REDUCE_AXIS = 'i'


def block_sum(x):
  @jax.shard_map(in_specs=P(REDUCE_AXIS), out_specs=P(), axis_names={REDUCE_AXIS})
  def _sum(x):
    return lax.psum(x.sum(keepdims=True), REDUCE_AXIS)

  return _sum(x)
