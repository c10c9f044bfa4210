import equinox as eqx
import jax
import optax

import parallel
from layers import BN_AXIS


def make_train_step(mesh, optim):
  data_sharding, replicated = parallel.shardings(mesh)

  @eqx.filter_value_and_grad(has_aux=True)
  def compute_loss(model, state, x, y):
    batch_model = eqx.filter_vmap(
        model, axis_name=BN_AXIS, in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(x, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, state

  @eqx.filter_jit
  def train_step(model, state, opt_state, x, y):
    model, state = eqx.filter_shard((model, state), replicated)
    x, y = eqx.filter_shard((x, y), data_sharding)
    (loss, state), grads = compute_loss(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    model, state = eqx.filter_shard((model, state), replicated)
    return model, state, opt_state, loss

  return train_step
