import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()), ('data',))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('data'), P()), out_specs=P())
def loss(x, use_aux):
  main = jnp.mean(x ** 2)
  aux = jax.lax.cond(use_aux,
                     lambda x: jnp.mean(jnp.abs(x)),
                     lambda x: jax.lax.pcast(jnp.float32(0.0), 'data', to='varying'),
                     x)
  return jax.lax.pmean(main + 0.01 * aux, 'data')


if __name__ == '__main__':
  jax.jit(loss).trace(jnp.ones((8, 4)), True).lower(lowering_platforms=('cuda',))
