import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from model import Model

DATA_AXIS = "data"


@eqx.filter_value_and_grad(has_aux=True)
def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(
      model, axis_name=DATA_AXIS, in_axes=(0, None), out_axes=(0, None)
  )
  pred_ys, state = batch_model(xs, state)
  loss = jnp.mean((pred_ys - ys) ** 2)
  return loss, state


optim = optax.adam(1e-3)
model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
opt_state = optim.init(params)


def make_step(params, state, opt_state, xs, ys):
  model = eqx.combine(params, static)
  (loss, state), grads = compute_loss(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return eqx.filter(model, eqx.is_inexact_array), state, opt_state, loss


xs = jnp.ones((32, 3))
ys = jnp.zeros((32, 3))
print(jax.jit(make_step).trace(params, state, opt_state, xs, ys)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
