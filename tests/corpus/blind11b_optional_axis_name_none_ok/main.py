import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from optim import sgd_momentum


def loss(w, x):
  return jnp.mean(jnp.sin(x @ w))


def make_step(axis_name=None):
  def step(w, mom, x):
    g = jax.grad(loss)(w, x)
    return sgd_momentum(w, g, mom, axis_name=axis_name)
  return step


def main():
  w, mom, x = jnp.zeros((8, 2)), jnp.zeros((8, 2)), jnp.ones((32, 8))
  single = jax.jit(make_step())
  single.trace(w, mom, x).lower(lowering_platforms=('cuda',))

  mesh = Mesh(np.array(jax.devices()), ('dp',))
  multi = jax.jit(jax.shard_map(make_step('dp'), mesh=mesh, in_specs=(P(), P(), P('dp')),
                                out_specs=(P(), P())))
  multi.trace(w, mom, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
