from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from tp import mlp_tp

PARAM_SPECS = {"w1": P(None, "model"), "b1": P("model"), "w2": P("model", None), "b2": P()}


def make_train_step(mesh):

  @partial(shard_map, mesh=mesh, in_specs=(PARAM_SPECS, P("data"), P("data")),
           out_specs=(P(), PARAM_SPECS), check_rep=True)
  def loss_and_grads(params, x, y):
    def local_loss(params):
      pred = mlp_tp(params, x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(local_loss)(params)
    return lax.pmean(loss, "data"), lax.pmean(grads, "data")

  @jax.jit
  def train_step(params, x, y):
    loss, grads = loss_and_grads(params, x, y)
    return jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads), loss

  return train_step
