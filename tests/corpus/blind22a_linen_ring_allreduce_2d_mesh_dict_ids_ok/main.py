import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring_allreduce import ring_all_reduce


class RowParallelDense(nn.Module):
  features: int
  axis: str = 'model'
  axis_size: int = 2

  @nn.compact
  def __call__(self, x):
    partial_out = nn.Dense(self.features, use_bias=False)(x)
    if self.is_initializing():
      return partial_out
    return ring_all_reduce(partial_out, axis_name=self.axis, num_devices=self.axis_size)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = RowParallelDense(features=128)
x = jnp.ones((16, 64), jnp.float32)
params = model.init(jax.random.key(0), x[:, :32])

apply_rows = functools.partial(model.apply, method=RowParallelDense.__call__)
forward = jax.jit(jax.shard_map(apply_rows, mesh=mesh, in_specs=(P(), P('data', 'model')),
                                out_specs=P('data'), check_vma=False))
forward.trace(params, x).lower(lowering_platforms=('tpu',))
