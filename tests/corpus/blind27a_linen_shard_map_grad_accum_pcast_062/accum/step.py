import jax
import jax.numpy as jnp
import optax
from jax import lax


def accumulate_gradients(loss_fn, params, batch, steps, axis_name):
  """Split the per-device batch into `steps` microbatches and sum their grads."""
  micro = jax.tree.map(lambda a: a.reshape(steps, -1, *a.shape[1:]), batch)

  def body(carry, mb):
    loss_sum, grad_sum = carry
    loss, grads = jax.value_and_grad(loss_fn)(params, mb)
    return (loss_sum + loss, jax.tree.map(jnp.add, grad_sum, grads)), None

  # each device's loss varies over the data axis; grads of replicated params do not
  init = (lax.pcast(jnp.zeros(()), axis_name, to="varying"), jax.tree.map(jnp.zeros_like, params))
  (loss, grads), _ = lax.scan(body, init, micro)
  return loss / steps, jax.tree.map(lambda g: g / steps, grads)


def make_step(model, tx, cfg):
  def loss_fn(params, mb):
    pred = model.apply({"params": params}, mb["x"])
    return jnp.mean((pred - mb["y"]) ** 2)

  def step(params, opt_state, batch):
    loss, grads = accumulate_gradients(loss_fn, params, batch, cfg.grad_accum_steps, cfg.dp_axis)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, lax.pmean(loss, cfg.dp_axis)

  return step
