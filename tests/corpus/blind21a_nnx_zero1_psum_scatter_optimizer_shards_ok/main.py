from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

DP = 'dp'


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(64, 256, rngs=rngs)
    self.l2 = nnx.Linear(256, 64, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


model = MLP(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
flat, unravel = ravel_pytree(params)
n_dev = jax.device_count()
pad = (-flat.size) % n_dev
flat = jnp.pad(flat, (0, pad))
tx = optax.adam(1e-3)
opt_state = tx.init(flat.reshape(n_dev, -1)[0])  # per-device optimizer shard
mesh = Mesh(np.array(jax.devices()), (DP,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(DP), P(DP), P(DP)),
         out_specs=(P(), P(DP), P()))
def zero1_step(flat_params, opt_state, x, y):
  def loss_fn(flat_params):
    model = nnx.merge(graphdef, unravel(flat_params[:flat_params.size - pad]))
    return jnp.mean((model(x) - y) ** 2)

  loss, g = jax.value_and_grad(loss_fn)(flat_params)
  # grads of the replicated params are already summed; scatter them instead of all-reducing
  g_shard = lax.psum_scatter(lax.pcast(g, DP, to='varying'), DP, scatter_dimension=0,
                             tiled=True) / n_dev
  idx = lax.axis_index(DP)
  p_shard = lax.dynamic_slice_in_dim(flat_params, idx * g_shard.size, g_shard.size)
  upd, opt_state = tx.update(g_shard, jax.tree.map(lambda a: a[0], opt_state),
                             p_shard)
  new_shard = optax.apply_updates(p_shard, upd)
  new_flat = lax.all_gather(new_shard, DP, tiled=True)
  opt_state = jax.tree.map(lambda a: a[None], opt_state)
  return lax.pmean(new_flat, DP), opt_state, lax.pmean(loss, DP)


stacked_opt = jax.tree.map(lambda a: jnp.broadcast_to(a, (n_dev,) + a.shape), opt_state)
x = jnp.ones((16, 64))
zero1_step.trace(flat, stacked_opt, x, x).lower(lowering_platforms=('cuda',))
