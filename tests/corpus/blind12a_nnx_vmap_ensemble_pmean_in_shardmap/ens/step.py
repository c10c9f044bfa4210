import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

from . import names


@nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name=names.ENSEMBLE)
def member_loss(member, x, y):
  pred = member(x)
  mean_pred = lax.pmean(pred, names.ENSEMBLE)
  diversity = jnp.mean((pred - mean_pred) ** 2)
  return jnp.mean((pred - y) ** 2) - 0.1 * diversity


def make_step(graphdef, mesh, lr=1e-2):

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(names.DATA), P(names.DATA)),
                     out_specs=(P(), P()))
  def step(state, x, y):
    ensemble = nnx.merge(graphdef, state)

    def total(ens):
      return member_loss(ens, x, y).sum()

    loss, grads = nnx.value_and_grad(total)(ensemble)
    grads = lax.pmean(grads, names.DATA)
    new_state = jax.tree.map(lambda p, g: p - lr * g, nnx.state(ensemble, nnx.Param), grads)
    nnx.update(ensemble, new_state)
    return nnx.state(ensemble), lax.pmean(loss, names.DATA)

  return step
