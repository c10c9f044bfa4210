import equinox as eqx
import jax
import jax.numpy as jnp

from model import Net

model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(model, state, x, y):
  batch_model = eqx.filter_vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))
  pred, state = batch_model(x, state)
  return jnp.mean((pred - y) ** 2), state


@eqx.filter_jit
def train_step(model, state, x, y):
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
  return loss, state, grads


def step(params, state, x, y):
  return train_step(eqx.combine(params, static), state, x, y)


x = jnp.ones((64, 16))
y = jnp.zeros((64, 4))
print(jax.jit(step).trace(params, state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
