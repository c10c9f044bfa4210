import jax
import jax.numpy as jnp
import optax

import model
import sharding


def make_train_step(mesh, tx):
  p_sh = sharding.param_shardings(mesh, model.PARAM_AXES)
  b_sh = sharding.batch_sharding(mesh)

  def train_step(params, opt_state, tokens):
    def loss_fn(p):
      logits = model.forward(p, tokens[:, :-1])
      return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return jax.jit(train_step, in_shardings=(p_sh, None, b_sh), out_shardings=(p_sh, None, None),
                 donate_argnums=(0, 1))
