from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class TPMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, d, h, key):
    k1, k2 = jr.split(key)
    self.up = eqx.nn.Linear(d, h, key=k1)
    self.down = eqx.nn.Linear(h, d, use_bias=False, key=k2)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))          # local slice of hidden units
    return jax.lax.psum(self.down(h), 'model')


mesh = Mesh(jax.devices(), ('model',))
model = TPMLP(32, 128, jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)

specs = jax.tree_util.tree_map(lambda _: P(), params)
specs = eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight), specs,
                    (P('model', None), P('model'), P(None, 'model')))


@eqx.filter_value_and_grad
def loss_grad(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(specs, P(), P()), out_specs=(P(), specs))
def grad_step(params, x, y):
  return loss_grad(eqx.combine(params, static), x, y)


x = jnp.ones((16, 32))
y = jnp.zeros((16, 32))
print(grad_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
