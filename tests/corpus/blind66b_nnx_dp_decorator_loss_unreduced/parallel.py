from flax import nnx
from jax.sharding import PartitionSpec as P

BATCH = "batch"


def data_parallel(mesh, axis=BATCH):
  """Decorator: run fn(model, optimizer, x, y) per data shard."""

  def decorator(fn):
    return nnx.shard_map(
        fn,
        mesh=mesh,
        in_specs=(P(), P(), P(axis), P(axis)),
        out_specs=P(),
    )

  return decorator
