import equinox as eqx
import jax
import jax.numpy as jnp

REPLICA_AXIS = 'devices'


def cross_entropy(model, x, y):
  pred_y = jax.vmap(model)(x)
  return -jnp.mean(jnp.take_along_axis(pred_y, jnp.expand_dims(y, 1), axis=1))


def synced_value_and_grad(model, x, y):
  loss, grads = eqx.filter_value_and_grad(cross_entropy)(model, x, y)
  return jax.lax.pmean(loss, REPLICA_AXIS), jax.lax.pmean(grads, REPLICA_AXIS)
