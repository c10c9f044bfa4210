import equinox as eqx
import optax

from losses import synced_value_and_grad


def build_step(optim: optax.GradientTransformation):
  def step(model, opt_state, x, y):
    loss, grads = synced_value_and_grad(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, loss

  return eqx.filter_pmap(step, axis_name='device', in_axes=(None, None, 0, 0),
                         out_axes=(None, None, None))
