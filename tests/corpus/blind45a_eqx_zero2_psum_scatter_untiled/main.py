import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from zero import DP, all_gather_params, reduce_scatter_grads

mesh = Mesh(np.array(jax.devices()), (DP,))
LR = 1e-2


def loss_fn(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit
def zero_step(model, x, y):
  params, static = eqx.partition(model, eqx.is_inexact_array)

  def local(params, x, y):
    grads = eqx.filter_grad(loss_fn)(eqx.combine(params, static), x, y)
    g_shard, unravel, pad = reduce_scatter_grads(grads)
    p_flat, _ = jax.flatten_util.ravel_pytree(params)
    p_flat = jnp.pad(p_flat, (0, pad))
    n = jax.lax.axis_size(DP)
    i = jax.lax.axis_index(DP)
    p_shard = jax.lax.dynamic_slice_in_dim(p_flat, i * g_shard.shape[0], g_shard.shape[0])
    p_shard = p_shard - LR * g_shard / n
    return all_gather_params(p_shard, unravel, pad)

  new_params = jax.shard_map(local, mesh=mesh, in_specs=(P(), P(DP), P(DP)), out_specs=P(),
                             check_vma=False)(params, x, y)
  return eqx.combine(new_params, static)


model = eqx.nn.MLP(8, 1, 32, 2, key=jr.PRNGKey(0))
x = jnp.ones((16, 8))
y = jnp.zeros((16, 1))
params, static = eqx.partition(model, eqx.is_array)
print(jax.jit(lambda p, x, y: eqx.filter(zero_step(eqx.combine(p, static), x, y), eqx.is_array))
      .trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
