from flax import nnx
from jax.sharding import PartitionSpec as P

DATA_AXIS = "data"

# one spec per field of the batch coming out of the input pipeline
BATCH_SPECS = {"image": P(DATA_AXIS), "label": P(DATA_AXIS)}


def sharded_step(mesh, step_fn):
  """Data parallel: replicated model/optimizer, batch split over DATA_AXIS."""
  return nnx.shard_map(
      step_fn,
      mesh=mesh,
      in_specs=(P(), P(), BATCH_SPECS),
      out_specs=P(),
  )
