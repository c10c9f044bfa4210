import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import numpy as np


class GatheredLinear(eqx.Module):
  weight: jax.Array
  bias: jax.Array
  axis: str = eqx.field(static=True)

  def __init__(self, din, dout, axis, key):
    self.weight = jax.random.normal(key, (dout, din)) / np.sqrt(din)
    self.bias = jnp.zeros((dout,))
    self.axis = axis

  def __call__(self, x):
    w = jax.lax.all_gather(self.weight, self.axis, axis=0, tiled=True)
    return w @ x + self.bias


num_devices = len(jax.devices())
mesh = jshard.Mesh(np.array(jax.devices()), ('shards',))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec('shards'))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())


@eqx.filter_jit
def forward(model, x):
  x = eqx.filter_shard(x, sharding)
  model = eqx.filter_shard(model, replicated)
  return jax.vmap(model)(x)


model = GatheredLinear(8, 16, 'shards', jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((32, 8))
f = jax.jit(lambda p, x: forward(eqx.combine(p, static), x))
f.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
