"""A Linen layer norm lifted with nn.jit whose statistics are pmean-ed over 'data'; the model
is applied under jax.jit."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('data',))


class SyncedLayerNorm(nn.Module):
  """LayerNorm whose statistics are averaged over every data shard."""

  @nn.compact
  def __call__(self, x):
    mean = jax.lax.pmean(x.mean(axis=0), 'data')
    var = jax.lax.pmean(((x - mean) ** 2).mean(axis=0), 'data')
    scale = self.param('scale', nn.initializers.ones, (x.shape[-1],))
    return (x - mean) / jnp.sqrt(var + 1e-6) * scale


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Dense(32, name='embed')(x)
    x = nn.jit(SyncedLayerNorm)(name='norm')(x)
    return nn.Dense(4, name='head')(x)


model = Net()
x = jnp.ones((32, 16))
params = {'params': {
    'embed': {'kernel': jax.ShapeDtypeStruct((16, 32), jnp.float32),
              'bias': jax.ShapeDtypeStruct((32,), jnp.float32)},
    'norm': {'scale': jax.ShapeDtypeStruct((32,), jnp.float32)},
    'head': {'kernel': jax.ShapeDtypeStruct((32, 4), jnp.float32),
             'bias': jax.ShapeDtypeStruct((4,), jnp.float32)}}}


jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("cuda",))
