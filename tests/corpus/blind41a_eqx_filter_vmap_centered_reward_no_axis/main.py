import equinox as eqx
import jax
import jax.numpy as jnp

import rl


class ValueHead(eqx.Module):
  body: eqx.nn.Linear
  out: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.body = eqx.nn.Linear(d, d, key=k1)
    self.out = eqx.nn.Linear(d, 'scalar', key=k2)

  def advantage(self, h, reward):
    baseline = self.out(jax.nn.relu(self.body(h)))
    return rl.group_relative(reward - baseline)


head = ValueHead(10, jax.random.key(3))
batched = eqx.filter_vmap(head.advantage)

params, static = eqx.partition(batched, eqx.is_array)


def run(params, h, r):
  return eqx.combine(params, static)(h, r)


h = jnp.ones((8, 10))
r = jnp.arange(8.0)
jax.jit(run).trace(params, h, r).lower(lowering_platforms=('cuda',))
print('ok')
