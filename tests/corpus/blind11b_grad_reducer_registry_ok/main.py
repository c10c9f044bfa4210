import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from reducers import DP, REDUCERS


def loss(w, x):
  return jnp.mean(jnp.tanh(x @ w) ** 2)


def step(w, x, reduce='mean'):
  g = jax.grad(loss)(w, x)
  g = REDUCERS[reduce](g)
  return w - 0.01 * g


def main():
  mesh = Mesh(np.array(jax.devices()), (DP,))
  f = jax.jit(jax.shard_map(functools.partial(step, reduce='mean'), mesh=mesh,
                            in_specs=(P(), P(DP)), out_specs=P()))
  f.trace(jnp.zeros((8, 4)), jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
  # evaluation path: no reduction needed, plain jit on one device
  ev = jax.jit(functools.partial(step, reduce='none'))
  ev.trace(jnp.zeros((8, 4)), jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
