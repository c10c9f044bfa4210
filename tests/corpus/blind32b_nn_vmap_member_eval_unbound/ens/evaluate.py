"""Per-member evaluation: slice one member's parameters out of the ensemble."""
import jax
import jax.numpy as jnp

from ens.modules import Member


def member_params(ensemble_params, i):
  sub = ensemble_params['params']['members']
  return {'params': jax.tree_util.tree_map(lambda p: p[i], sub)}


@jax.jit
def member_mse(ensemble_params, i, x, y):
  pred = Member(features=32).apply(member_params(ensemble_params, i), x)
  return jnp.mean((pred[:, 0] - y) ** 2)
