import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('batch',))

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(3e-4)
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P(), P('batch'), P('batch')), out_specs=(P(), P(), P()))
def make_step(params, opt_state, x, y):
  model = eqx.combine(params, static)
  loss, grads = compute_loss(model, x, y)
  grads = jax.lax.pmean(grads, 'batch')
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  params, _ = eqx.partition(model, eqx.is_array)
  return params, opt_state, jax.lax.pmean(loss, 'batch')


x = jnp.ones((64, 8))
y = jnp.zeros((64, 1))
print(make_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
