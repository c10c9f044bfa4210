import equinox as eqx
import jax
import jax.numpy as jnp
import optax

optim = optax.adam(1e-3)


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def make_step(model, opt_state, x, y):
  loss, grads = compute_loss(model, x, y)
  loss = jax.lax.pmean(loss, axis_name='device')
  grads = jax.lax.pmean(grads, axis_name='device')
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss


p_make_step = eqx.filter_pmap(make_step, in_axes=(None, None, 0, 0),
                              out_axes=(None, None, 0), axis_name='device')
