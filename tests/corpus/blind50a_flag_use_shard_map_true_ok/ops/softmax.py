"""Vocab-parallel logsumexp / softmax: the vocab dimension is split over AXIS."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from config import AXIS, USE_SHARD_MAP


def _local_logsumexp(logits):
  m = lax.pmax(jnp.max(logits, axis=-1, keepdims=True), AXIS)
  s = lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), AXIS)
  return m + jnp.log(s)


def _local_softmax(logits):
  return jnp.exp(logits - _local_logsumexp(logits))


if USE_SHARD_MAP:

  def make_logsumexp(mesh):
    return jax.jit(jax.shard_map(_local_logsumexp, mesh=mesh,
                                 in_specs=P(None, AXIS), out_specs=P(None, None)))

  def make_softmax(mesh):
    return jax.jit(jax.shard_map(_local_softmax, mesh=mesh,
                                 in_specs=P(None, AXIS), out_specs=P(None, AXIS)))

else:
  # let XLA's partitioner insert the collectives instead of shard_map

  def make_logsumexp(mesh):
    return jax.jit(_local_logsumexp,
                   in_shardings=NamedSharding(mesh, P(None, AXIS)),
                   out_shardings=NamedSharding(mesh, P(None, None)))

  def make_softmax(mesh):
    return jax.jit(_local_softmax,
                   in_shardings=NamedSharding(mesh, P(None, AXIS)),
                   out_shardings=NamedSharding(mesh, P(None, AXIS)))
