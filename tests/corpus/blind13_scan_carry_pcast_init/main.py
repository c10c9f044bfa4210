import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'data', 'model'), out_specs=P())
def running_sum(xs):
  init = jax.lax.pcast(jnp.zeros(xs.shape[1:]), ('data', 'model'), to='varying')

  def body(c, x):
    c = 0.9 * c + x
    return c, jnp.sum(c)

  c, ys = jax.lax.scan(body, init, xs)
  return jax.lax.psum(jnp.sum(c) + ys.sum(), ('data', 'model'))


if __name__ == '__main__':
  jax.jit(running_sum).trace(jnp.ones((5, 8, 8))).lower(lowering_platforms=('cuda',))
