import equinox as eqx
import jax
import jax.numpy as jnp

N_MEMBERS = 4


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(8, 1, 64, 2, activation=jax.nn.silu, key=key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(model, x):
  return jax.vmap(model)(x)


def member_losses(model, x, y):
  preds = evaluate_ensemble(model, x)       # (members, batch, 1)
  return jnp.mean((preds - y[None]) ** 2, axis=(1, 2))
