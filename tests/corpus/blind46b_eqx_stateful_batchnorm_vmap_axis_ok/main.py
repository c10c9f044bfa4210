import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import Model, compute_loss

model, state = eqx.nn.make_with_state(Model)(jax.random.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state


params, static = eqx.partition(model, eqx.is_array)


def step(params, state, opt_state, xs, ys):
  model, state, opt_state = make_step(eqx.combine(params, static), state, opt_state, xs, ys)
  return eqx.filter(model, eqx.is_array), state, opt_state


xs = jnp.ones((64, 2))
ys = jnp.zeros((64, 2))
print(jax.jit(step).trace(params, state, opt_state, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])
