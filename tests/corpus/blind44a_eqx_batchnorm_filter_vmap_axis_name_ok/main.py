import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Model(eqx.Module):
  norm: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key):
    key1, key2 = jr.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=key1)
    self.norm = eqx.nn.BatchNorm(input_size=32, axis_name="batch")
    self.linear2 = eqx.nn.Linear(32, 3, key=key2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    x = jax.nn.relu(x)
    x = self.linear2(x)
    return x, state


@eqx.filter_value_and_grad(has_aux=True)
def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(
      model, axis_name="batch", in_axes=(0, None), out_axes=(0, None)
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
