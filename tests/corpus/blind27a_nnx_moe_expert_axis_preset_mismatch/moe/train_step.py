import jax
import jax.numpy as jnp
import optax
from flax import nnx


def make_step(tx):
  @jax.jit
  def step(model, opt_state, x, y):
    def loss_fn(m):
      return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    params = nnx.state(model, nnx.Param)
    updates, opt_state = tx.update(grads, opt_state, params)
    nnx.update(model, optax.apply_updates(params, updates))
    return model, opt_state, loss

  return step
