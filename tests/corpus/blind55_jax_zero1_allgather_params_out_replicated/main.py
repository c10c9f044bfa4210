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
         in_specs=(P(), P("data"), P("data"), P("data")),
         out_specs=(P(), P("data"), P()))
def zero1_step(params, mom_shards, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  loss = jax.lax.pmean(loss, "data")
  n = jax.lax.axis_size("data")
  idx = jax.lax.axis_index("data")

  def update(p, g, m):
    # reduce-scatter the gradient, update only our slice of the momentum
    g_shard = jax.lax.psum_scatter(g, "data", scatter_dimension=0, tiled=True) / n
    m = B1 * m + g_shard
    p_shard = jax.lax.dynamic_slice_in_dim(p, idx * m.shape[0], m.shape[0], 0)
    p_shard = p_shard - LR * m
    return jax.lax.all_gather(p_shard, "data", axis=0, tiled=True), m

  out = jax.tree.map(update, params, grads, mom_shards)
  new_params = jax.tree.map(lambda t: t[0], out, is_leaf=lambda t: isinstance(t, tuple))
  new_mom = jax.tree.map(lambda t: t[1], out, is_leaf=lambda t: isinstance(t, tuple))
  return new_params, new_mom, loss


params = {"w1": jnp.ones((16, 32)) * 0.1, "w2": jnp.ones((32, 4)) * 0.1}
mom = jax.device_put(jax.tree.map(jnp.zeros_like, params), NamedSharding(mesh, P("data")))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((32, 4)), NamedSharding(mesh, P("data")))
zero1_step.trace(params, mom, x, y).lower(lowering_platforms=("tpu",))
