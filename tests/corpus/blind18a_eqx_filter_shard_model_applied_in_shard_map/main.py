import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from net import ShardedMLP

mesh = Mesh(np.array(jax.devices()), ('batch',))
model = ShardedMLP([16, 64, 64, 1], NamedSharding(mesh, P('batch')), jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def local_step(params, x, y):
  def loss_fn(params):
    m = eqx.combine(params, static)
    return jnp.mean((m(x) - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, 'batch')
  loss = jax.lax.pmean(loss, 'batch')
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, loss


step = jax.jit(jax.shard_map(local_step, mesh=mesh,
                             in_specs=(P(), P('batch'), P('batch')),
                             out_specs=(P(), P())))
x = jnp.ones((32, 16))
y = jnp.ones((32, 1))
step.trace(params, x, y).lower(lowering_platforms=('cuda',))
