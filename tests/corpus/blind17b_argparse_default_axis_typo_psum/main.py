import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import allreduce_grads


def get_args():
  p = argparse.ArgumentParser()
  p.add_argument('--dp-axis', default='dp')
  p.add_argument('--lr', type=float, default=0.1)
  return p.parse_args()


args = get_args()
mesh = Mesh(np.array(jax.devices()), ('data',))


def loss(w, x):
  return jnp.mean(jnp.tanh(x @ w) ** 2)


def step(w, x):
  g = jax.grad(loss)(w, x)
  g = allreduce_grads(g, args.dp_axis)
  return w - args.lr * g


step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data')), out_specs=P()))
step.trace(jnp.zeros((8, 8)), jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
