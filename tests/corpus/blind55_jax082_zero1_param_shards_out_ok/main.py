from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
LR, B1 = 1e-2, 0.9


def predict(w, x):
  return jnp.tanh(x @ w["w1"]) @ w["w2"]


def loss_fn(w, x, y):
  return jnp.mean((predict(w, x) - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P("data"), P("data"), P("data"), P("data")),
         out_specs=(P("data"), P("data"), P()))
def zero1_step(param_shards, mom_shards, x, y):
  # gather the full parameters for the forward/backward pass
  params = jax.tree.map(lambda s: jax.lax.all_gather(s, "data", axis=0, tiled=True), param_shards)
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  loss = jax.lax.pmean(loss, "data")
  n = jax.lax.axis_size("data")

  def update(p_shard, g, m):
    g_shard = jax.lax.psum_scatter(g, "data", scatter_dimension=0, tiled=True) / n
    m = B1 * m + g_shard
    return p_shard - LR * m, m

  out = jax.tree.map(update, param_shards, grads, mom_shards)
  new_params = jax.tree.map(lambda t: t[0], out, is_leaf=lambda t: isinstance(t, tuple))
  new_mom = jax.tree.map(lambda t: t[1], out, is_leaf=lambda t: isinstance(t, tuple))
  return new_params, new_mom, loss


shard = NamedSharding(mesh, P("data"))
params = jax.device_put({"w1": jnp.ones((16, 32)) * 0.1, "w2": jnp.ones((32, 4)) * 0.1}, shard)
mom = jax.device_put(jax.tree.map(jnp.zeros_like, params), shard)
x = jax.device_put(jnp.ones((32, 16)), shard)
y = jax.device_put(jnp.zeros((32, 4)), shard)
zero1_step.trace(params, mom, x, y).lower(lowering_platforms=("tpu",))
