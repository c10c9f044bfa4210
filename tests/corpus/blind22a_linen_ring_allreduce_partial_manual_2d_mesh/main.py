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


@jax.jit
def forward(params, x):
  return jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P(None, 'model')),
                       out_specs=P(), axis_names={'model'}, check_vma=False)(params, x)


forward.trace(params, x).lower(lowering_platforms=('tpu',))
