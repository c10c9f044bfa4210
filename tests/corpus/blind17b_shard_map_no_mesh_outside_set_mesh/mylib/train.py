from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.jit
@partial(jax.shard_map, in_specs=(P(), P('batch')), out_specs=P())
def loss_dp(w, x):
  return jax.lax.pmean(jnp.mean((x @ w) ** 2), 'batch')
