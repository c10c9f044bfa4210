import equinox as eqx
import jax
import jax.numpy as jnp
import optax

import parallel

optim = optax.adam(1e-3)


def build_train_step(static, mesh):
  data_parallel, all_reduce_mean = parallel.make_data_parallel(mesh)

  def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean(optax.l2_loss(pred, y))

  def train_step(params, opt_state, x, y):
    model = eqx.combine(params, static)
    loss = loss_fn(model, x, y)
    grads = eqx.filter_grad(loss_fn)(model, x, y)
    grads, loss = all_reduce_mean((grads, loss))
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, loss

  train_step = data_parallel(train_step, n_replicated=2)
  train_step = jax.jit(train_step)
  return train_step
