from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import Net

mesh = jax.make_mesh((4,), ('data',))
model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(model, state, x, y):
  batch_model = eqx.filter_vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))
  pred, state = batch_model(x, state)
  return jnp.mean((pred - y) ** 2), state


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()))
def train_step(params, state, x, y):
  model = eqx.combine(params, static)
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
  grads = jax.lax.pmean(grads, 'data')
  return jax.lax.pmean(loss, 'data'), state, grads


x = jnp.ones((64, 16))
y = jnp.zeros((64, 4))
print(train_step.trace(params, state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
