import jax
from jax.sharding import PartitionSpec as P

from .block import SEQ


def sequence_parallel(module, mesh):

  def apply(params, x):
    return module.apply({"params": params}, x)

  return jax.jit(jax.shard_map(apply, mesh=mesh, in_specs=(P(), P(None, SEQ)),
                               out_specs=P()))
