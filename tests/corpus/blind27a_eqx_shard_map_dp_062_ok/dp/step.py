import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax


def make_step(static, optim, axis):
  def step(params, opt_state, x, y):
    def loss_fn(p):
      model = eqx.combine(p, static)
      logits = jax.vmap(model)(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = lax.pmean(grads, axis_name=axis)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, lax.pmean(loss, axis)

  return step
