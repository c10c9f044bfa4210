import equinox as eqx
import jax
import optax

BATCH_AXIS = "batch"


def loss_fn(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def make_step(static, optim, gather):

  def step(params, opt_state, x, y):

    def sharded_loss(params):
      model = eqx.combine(gather(params), static)
      return loss_fn(model, x, y)

    loss, grads = jax.value_and_grad(sharded_loss)(params)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, jax.lax.pmean(loss, BATCH_AXIS)

  return step
