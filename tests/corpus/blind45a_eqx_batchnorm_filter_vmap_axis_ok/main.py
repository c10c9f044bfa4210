import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Model(eqx.Module):
  norm1: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key):
    key1, key2 = jr.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=key1)
    self.norm1 = eqx.nn.BatchNorm(input_size=32, axis_name="batch")
    self.linear2 = eqx.nn.Linear(32, 1, key=key2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm1(x, state)
    x = jax.nn.relu(x)
    return self.linear2(x), state


def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
  pred_ys, state = batch_model(xs, state)
  loss = jnp.mean((pred_ys - ys) ** 2)
  return loss, state


optim = optax.adam(3e-4)


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state


model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
xs = jnp.ones((32, 3))
ys = jnp.ones((32, 1))

dynamic, static = eqx.partition((model, state, opt_state), eqx.is_array)


def step(dynamic, xs, ys):
  model, state, opt_state = eqx.combine(dynamic, static)
  return eqx.filter(make_step(model, state, opt_state, xs, ys), eqx.is_array)


print(jax.jit(step).trace(dynamic, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])
