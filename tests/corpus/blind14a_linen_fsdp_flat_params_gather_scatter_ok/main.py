import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

from jax import lax


class MLP(nn.Module):

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(60)(x))
    return nn.Dense(4)(x)


model = MLP()
params = model.init(jax.random.key(0), jnp.ones((1, 12)))['params']
flat, unravel = ravel_pytree(params)
n_dev = len(jax.devices())
pad = (-flat.size) % n_dev
flat = jnp.pad(flat, (0, pad))
tx = optax.adam(1e-3)


def step(p_shard, opt_state, x, y):
  def loss_fn(fp):
    p = unravel(fp[:fp.size - pad])
    return jnp.mean((model.apply({'params': p}, x) - y) ** 2)

  flat_params = lax.all_gather(p_shard, 'data', tiled=True)
  loss, g = jax.value_and_grad(loss_fn)(flat_params)
  g_shard = lax.psum_scatter(g, 'data', tiled=True) / lax.axis_size('data')
  updates, opt_state = tx.update(g_shard, opt_state, p_shard)
  p_shard = optax.apply_updates(p_shard, updates)
  return p_shard, opt_state, lax.pmean(loss, 'data')


mesh = Mesh(np.array(jax.devices()), ('data',))
opt_state = tx.init(flat[: flat.size // n_dev])
opt_specs = jax.tree.map(lambda a: P('data') if a.ndim else P(), opt_state)
opt_state = jax.tree.map(lambda a: jnp.tile(a, n_dev) if a.ndim else a, opt_state)

train = jax.jit(jax.shard_map(step, mesh=mesh,
                              in_specs=(P('data'), opt_specs, P('data'), P('data')),
                              out_specs=(P('data'), opt_specs, P())))
x = jnp.ones((16, 12))
y = jnp.zeros((16, 4))
train.trace(flat, opt_state, x, y).lower(lowering_platforms=('cuda',))
