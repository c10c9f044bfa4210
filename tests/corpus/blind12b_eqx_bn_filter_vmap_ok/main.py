import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import Model

BATCH_AXIS = 'batch'


def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, axis_name=BATCH_AXIS, in_axes=(0, None),
                                out_axes=(0, None))
  pred_ys, state = batch_model(xs, state)
  return jnp.mean((pred_ys - ys) ** 2), state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state


optim = optax.adam(1e-3)

if __name__ == '__main__':
  model, state = eqx.nn.make_with_state(Model)(jax.random.key(0), BATCH_AXIS)
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  xs, ys = jnp.ones((16, 3)), jnp.ones((16, 3))
  params, static = eqx.partition((model, state, opt_state), eqx.is_array)
  fn = jax.jit(lambda p, x, y: eqx.filter(make_step(*eqx.combine(p, static), x, y), eqx.is_array))
  fn.trace(params, xs, ys).lower(lowering_platforms=('cuda',))
