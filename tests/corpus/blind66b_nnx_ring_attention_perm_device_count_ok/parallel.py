import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

DATA_AXIS = "data"
SEQ_AXIS = "seq"


def ring_permutation(mesh):
  n = mesh.shape[SEQ_AXIS]
  return [(i, (i + 1) % n) for i in range(n)]


def sequence_parallel(mesh):
  """Decorator factory: shard batch over data and tokens over seq."""

  def wrap(fn):
    return nnx.shard_map(
        fn,
        mesh=mesh,
        in_specs=(P(), P(), P(DATA_AXIS, SEQ_AXIS), P(DATA_AXIS, SEQ_AXIS)),
        out_specs=P(),
    )

  return wrap
