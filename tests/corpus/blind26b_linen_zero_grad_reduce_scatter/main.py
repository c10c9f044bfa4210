import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from zero.collectives import all_gather_params, reduce_scatter_grads


class MLP(nn.Module):

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(128)(x))
    x = nn.relu(nn.Dense(64)(x))
    return nn.Dense(10)(x)


model = MLP()
mesh = Mesh(np.array(jax.devices()), ('data',))


def step(params, x, y):
  def loss_fn(p):
    return jnp.mean((model.apply({'params': p}, x) - y) ** 2)
  grads = jax.grad(loss_fn)(params)
  # ZeRO-2: each device updates only its slice, then the slices are gathered
  grad_shards = reduce_scatter_grads(grads)
  new_shards = jax.tree.map(lambda p, g: p - 0.01 * g, local_slice(params), grad_shards)
  return all_gather_params(new_shards)


step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                             out_specs=P(), check_vma=False))

x, y = jnp.ones((32, 64)), jnp.zeros((32, 10))
params = model.init(jax.random.key(0), x)['params']
step.trace(params, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
