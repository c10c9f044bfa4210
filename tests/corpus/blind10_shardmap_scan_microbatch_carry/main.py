import functools

import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('batch',))
MICRO = 4


def loss(params, x, y):
  pred = jnp.tanh(x @ params['w']) @ params['v']
  return jnp.mean((pred - y) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                   out_specs=(P(), P()))
def accumulate_grads(params, x, y):
  xs = x.reshape(MICRO, -1, x.shape[-1])
  ys = y.reshape(MICRO, -1, y.shape[-1])

  def body(acc, mb):
    l, g = jax.value_and_grad(loss)(params, *mb)
    acc_l, acc_g = acc
    return (acc_l + l, jax.tree.map(jnp.add, acc_g, g)), None

  init = (0.0, jax.tree.map(jnp.zeros_like, params))
  (total, grads), _ = lax.scan(body, init, (xs, ys))
  grads = lax.pmean(jax.tree.map(lambda g: g / MICRO, grads), 'batch')
  return lax.pmean(total / MICRO, 'batch'), grads


def main():
  params = {'w': jnp.ones((10, 32)), 'v': jnp.ones((32, 2))}
  x = jnp.ones((64, 10))
  y = jnp.ones((64, 2))
  accumulate_grads.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
