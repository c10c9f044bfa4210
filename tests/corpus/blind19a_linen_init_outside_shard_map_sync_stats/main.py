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
    mean = lax.pmean(x.mean(axis=0), self.axis_name)
    var = lax.pmean(((x - mean) ** 2).mean(axis=0), self.axis_name)
    return (x - mean) * lax.rsqrt(var + 1e-5) * scale


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Dense(64)(x)
    x = SyncStats()(x)
    return nn.Dense(10)(nn.relu(x))


mesh = Mesh(np.array(jax.devices()), ('batch',))
model = Net()
x = jnp.ones((32, 20))

init_lowered = jax.jit(model.init).trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',))
params = jax.eval_shape(jax.shard_map(lambda x: model.init(jax.random.key(0), x), mesh=mesh,
                                      in_specs=P('batch'), out_specs=P()), x)
fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P('batch')),
                            out_specs=P('batch')))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
