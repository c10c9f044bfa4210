import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Model(eqx.Module):
  linear1: eqx.nn.Linear
  norm: eqx.nn.BatchNorm
  linear2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=k1)
    self.norm = eqx.nn.BatchNorm(32, axis_name="batch")
    self.linear2 = eqx.nn.Linear(32, 1, key=k2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    return self.linear2(jax.nn.relu(x)), state


def compute_loss(model, state, xs, ys):
  batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
  pred, state = batch_model(xs, state)
  return jnp.mean((pred - ys) ** 2), state


optim = optax.adam(1e-3)


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grad_fn = eqx.filter_value_and_grad(compute_loss, has_aux=True)
  (loss, state), grads = grad_fn(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state, loss


model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_array)
xs, ys = jnp.ones((16, 3)), jnp.ones((16, 1))
jax.jit(lambda p, s, o, x, y: make_step(eqx.combine(p, static), s, o, x, y)[3]).trace(
    params, state, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
