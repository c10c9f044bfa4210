import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()), ('data',))


def sharded(mesh, in_specs, out_specs):
  def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args):
      return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)(*args)
    return wrapper
  return deco


class Trainer:

  def __init__(self, lr):
    self.lr = lr
    self.step = jax.jit(self.train_step)

  def loss(self, params, batch):
    x, y = batch
    return jnp.mean((x @ params - y) ** 2)

  @sharded(MESH, in_specs=(P(), P('data')), out_specs=(P(), P()))
  def train_step(self, params, batch):
    loss, g = jax.value_and_grad(self.loss)(params, batch)
    g = jax.lax.pmean(g, 'data')
    return params - self.lr * g, jax.lax.pmean(loss, 'data')


if __name__ == '__main__':
  trainer = Trainer(lr=0.05)
  params = jnp.zeros((16, 1))
  batch = (jnp.ones((32, 16)), jnp.ones((32, 1)))
  trainer.step.trace(params, batch).lower(lowering_platforms=('cuda',))
