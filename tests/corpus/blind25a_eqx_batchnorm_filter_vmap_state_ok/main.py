import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Model(eqx.Module):
  linear: eqx.nn.Linear
  norm: eqx.nn.BatchNorm

  def __init__(self, key):
    self.linear = eqx.nn.Linear(8, 16, key=key)
    self.norm = eqx.nn.BatchNorm(16, axis_name='batch')

  def __call__(self, x, state):
    x = self.linear(x)
    x, state = self.norm(x, state)
    return jax.nn.relu(x), state


model, state = eqx.nn.make_with_state(Model)(jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss(params, state, xs):
  model = eqx.combine(params, static)
  batch_model = eqx.filter_vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))
  ys, state = batch_model(xs, state)
  return jnp.mean(ys ** 2), state


step = jax.jit(jax.value_and_grad(loss, has_aux=True))
step.trace(params, state, jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
print('ok')
