import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P


def make_sharded_xent(mesh, axis="data"):
  """Global-mean cross entropy over a batch sharded along `axis`."""

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(axis), P(axis)), out_specs=P())
  def xent(logits, labels):
    local = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return jax.lax.pmean(local, axis)

  return xent
