import jax
import jax.numpy as jnp
from jax import lax


def sync_batch_stats(x, axis_name):
  """Cross-replica mean/var like SyncBatchNorm."""
  mean = lax.pmean(jnp.mean(x, 0), axis_name)
  var = lax.pmean(jnp.mean(jnp.square(x), 0), axis_name) - jnp.square(mean)
  return (x - mean) / jnp.sqrt(var + 1e-5)


def rank_aware_dropout_key(key, axis_name):
  return jax.random.fold_in(key, lax.axis_index(axis_name))
