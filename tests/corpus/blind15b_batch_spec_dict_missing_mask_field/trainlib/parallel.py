import jax
from jax.sharding import PartitionSpec as P

BATCH_FIELDS = ('inputs', 'targets')


def batch_specs(axis):
  return {name: P(axis) for name in BATCH_FIELDS}


def data_parallel(step_fn, mesh, axis='data'):
  return jax.jit(jax.shard_map(step_fn, mesh=mesh, in_specs=(P(), batch_specs(axis)),
                               out_specs=(P(), P())))
