import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import Model


def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name='batch')
  pred_ys, state = batch_model(xs, state)
  loss = jnp.mean((pred_ys - ys) ** 2)
  return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state


@eqx.filter_jit
def predict(model, state, xs):
  inference_model = eqx.nn.inference_mode(model)
  return jax.vmap(lambda x: inference_model(x, state)[0])(xs)


model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
optim = optax.adam(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
xs = jnp.ones((16, 3))
ys = jnp.zeros((16, 3))
make_step.lower(model, state, opt_state, xs, ys)
predict.lower(model, state, xs)
