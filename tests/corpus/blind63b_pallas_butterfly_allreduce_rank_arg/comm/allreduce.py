"""Recursive-doubling (butterfly) all-reduce built on the Pallas exchange kernel.
Ported from a torch.distributed version: the caller passes its own rank."""
import math

import jax.numpy as jnp
from jax import lax

from .exchange import exchange


def butterfly_allreduce(x, rank, world_size):
  stages = int(math.log2(world_size))

  def stage(k, acc):
    peer = jnp.bitwise_xor(rank, jnp.left_shift(1, k)).astype(jnp.int32)
    return acc + exchange(acc, peer.reshape(1))

  return lax.fori_loop(0, stages, stage, x)
