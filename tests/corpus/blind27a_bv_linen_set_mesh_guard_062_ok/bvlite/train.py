import jax
import jax.numpy as jnp
import optax

from bvlite import utils as u


def get_update_fn(model, tx, mesh, config):
  repl = jax.sharding.NamedSharding(mesh, u.P())

  def update_fn(params, opt, batch):
    def loss_fn(p):
      logits = model.apply({"params": p}, batch["image"])
      return optax.softmax_cross_entropy(logits, batch["labels"]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt = tx.update(grads, opt, params)
    params = optax.apply_updates(params, updates)
    return params, opt, {"training_loss": loss}

  return update_fn, repl
