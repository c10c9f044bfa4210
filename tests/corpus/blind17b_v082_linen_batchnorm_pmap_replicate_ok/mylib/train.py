import jax
import optax


def make_train_step(model, tx):
  def train_step(params, batch_stats, opt_state, images, labels):
    def loss_fn(params):
      logits, updates = model.apply({'params': params, 'batch_stats': batch_stats}, images,
                                    train=True, mutable=['batch_stats'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, updates['batch_stats']

    (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    grads = jax.lax.pmean(grads, axis_name='batch')
    loss = jax.lax.pmean(loss, axis_name='batch')
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), new_stats, opt_state, loss
  return train_step
