import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


@jax.jit
def _reduce_model(y):
  return jax.lax.psum(y, 'model')


reduce_model = jax.named_call(_reduce_model, name='tp_allreduce')


def matmul_rs(x, w):
  return reduce_model(x @ w)


fn = functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(PartitionSpec('data', 'model'), PartitionSpec('model', None)),
                       out_specs=PartitionSpec('data', None))(matmul_rs)

jax.jit(fn).trace(jnp.ones((8, 16)), jnp.ones((16, 4))).lower(lowering_platforms=('cuda',))
print('ok')
