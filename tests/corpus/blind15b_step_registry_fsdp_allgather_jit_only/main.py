import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

STRATEGIES = {}


def register(name):
  def deco(builder):
    STRATEGIES[name] = builder
    return builder
  return deco


def mse(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


@register('dp')
def build_dp(mesh):
  def step(w, x, y):
    g = jax.lax.pmean(jax.grad(mse)(w, x, y), 'data')
    return w - 0.1 * g

  return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                               out_specs=P()))


@register('fsdp')
def build_fsdp(mesh):
  def step(w_shard, x, y):
    w = jax.lax.all_gather(w_shard, 'data', tiled=True)
    g = jax.grad(mse)(w, x, y)
    g_shard = jax.lax.psum_scatter(g, 'data', tiled=True)
    return w_shard - 0.1 * g_shard

  shard = NamedSharding(mesh, P('data'))
  return jax.jit(step, in_shardings=(shard, shard, shard), out_shardings=shard)


def main():
  strategy = os.environ.get('STRATEGY', 'fsdp')
  mesh = Mesh(np.array(jax.devices()), ('data',))
  step = STRATEGIES[strategy](mesh)
  w = jnp.zeros((16, 4))
  x = jnp.ones((32, 16))
  y = jnp.ones((32, 4))
  step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
