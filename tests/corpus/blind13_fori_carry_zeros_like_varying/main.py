import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'model'), P(None, 'data')),
                   out_specs=P(None, 'model'))
def accum_grads(w, xs):
  def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w))

  def body(i, acc):
    g = jax.grad(loss)(w, xs[i])
    return acc + g

  acc = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros_like(w * xs[0, 0, 0]))
  return jax.lax.psum(acc, 'data')


if __name__ == '__main__':
  jax.jit(accum_grads).trace(jnp.ones((8, 8)), jnp.ones((3, 8, 8))).lower(lowering_platforms=('cuda',))
