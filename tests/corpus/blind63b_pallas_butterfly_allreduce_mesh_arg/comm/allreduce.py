"""Recursive-doubling (butterfly) all-reduce built on the Pallas exchange kernel."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from .exchange import exchange


def make_butterfly_allreduce(mesh, axis_name):
  n = mesh.shape[axis_name]
  stages = int(math.log2(n))

  def allreduce_local(x):
    me = lax.axis_index(axis_name)

    def stage(k, acc):
      peer = jnp.bitwise_xor(me, jnp.left_shift(1, k)).astype(jnp.int32)
      return acc + exchange(acc, peer.reshape(1))

    return lax.fori_loop(0, stages, stage, x)

  return jax.shard_map(allreduce_local, mesh=mesh, in_specs=P(axis_name),
                       out_specs=P(axis_name), check_vma=False)
