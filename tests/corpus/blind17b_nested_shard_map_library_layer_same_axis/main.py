import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import TPDense

mesh = Mesh(np.array(jax.devices()).reshape(1, 4), ('data', 'model'))
dense = TPDense(mesh)


def block(x, w1, w2):
  h = jax.nn.gelu(dense(x, w1))
  return dense(h, w2)


block = jax.shard_map(block, mesh=mesh,
                      in_specs=(P('data', 'model'), P('model', None), P('model', None)),
                      out_specs=P('data', 'model'))
step = jax.jit(block)
x = jnp.ones((8, 64))
w1 = jnp.ones((64, 64))
w2 = jnp.ones((64, 64))
step.trace(x, w1, w2).lower(lowering_platforms=('cuda',))
