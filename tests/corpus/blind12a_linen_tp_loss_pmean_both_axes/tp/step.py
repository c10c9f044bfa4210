from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from .mesh_axes import DP, TP


def build_loss(model, mesh, param_specs):

  @jax.jit
  @partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P(DP), P(DP)), out_specs=P())
  def loss(params, x, y):
    pred = model.apply({"params": params}, x)
    local = jnp.mean((pred - y) ** 2)
    return lax.pmean(local, (DP, TP))

  return loss
