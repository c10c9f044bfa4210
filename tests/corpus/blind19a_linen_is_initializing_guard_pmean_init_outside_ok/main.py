import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class SyncStats(nn.Module):
  axis_name: str = 'batch'

  @nn.compact
  def __call__(self, x):
    scale = self.param('scale', nn.initializers.ones, (x.shape[-1],))
    mean = x.mean(axis=0)
    if not self.is_initializing():
      mean = lax.pmean(mean, self.axis_name)
    return (x - mean) * scale


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(10)(nn.relu(SyncStats()(nn.Dense(64)(x))))


mesh = Mesh(np.array(jax.devices()), ('batch',))
model = Net()
x = jnp.ones((32, 20))
init = jax.jit(model.init)
init.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',))
params = jax.eval_shape(init, jax.random.key(0), x)
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P('batch')),
                            out_specs=P('batch')))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
