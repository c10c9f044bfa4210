import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import GRAD_SYNC

AXIS = 'dp'


@jax.checkpoint
def loss_fn(params, x, y):
  h = jnp.tanh(x @ params['w1'])
  return jnp.mean((h @ params['w2'] - y) ** 2)


def local_step(params, x, y):
  sync = GRAD_SYNC[os.environ.get('GRAD_SYNC_IMPL', 'ring')]
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = sync(grads, AXIS)
  n = jax.lax.axis_size(AXIS)
  new = jax.tree.map(lambda p, g: p - 0.1 * g / n, params, grads)
  return new, jax.lax.psum(loss, AXIS) / n


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  step = jax.jit(jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                               out_specs=(P(), P()), check_vma=False))
  params = {'w1': jnp.zeros((128, 128)), 'w2': jnp.zeros((128, 8))}
  x = jnp.ones((32, 128))
  y = jnp.ones((32, 8))
  step.trace(params, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
