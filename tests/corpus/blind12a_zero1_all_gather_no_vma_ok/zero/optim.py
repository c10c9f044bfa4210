import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax as L
from jax.flatten_util import ravel_pytree
from jax.sharding import PartitionSpec as P

AXIS = "data"


def make_zero_step(graphdef, params, mesh, tx):
  flat, unravel = ravel_pytree(params)
  n = mesh.shape[AXIS]
  pad = (-flat.size) % n

  def loss_fn(p, x, y):
    model = nnx.merge(graphdef, p)
    return jnp.mean((model(x) - y) ** 2)

  @functools.partial(jax.jit, donate_argnums=(1,))
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS), P(AXIS)),
                     out_specs=(P(), P(AXIS), P()), check_vma=False)
  def step(flat_params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(unravel(flat_params[:flat.size]), x, y)
    g = jnp.pad(ravel_pytree(grads)[0], (0, pad))
    g_shard = L.psum_scatter(g, AXIS, scatter_dimension=0, tiled=True) / n
    p_shard = L.dynamic_slice_in_dim(flat_params, L.axis_index(AXIS) * g_shard.size,
                                     g_shard.size)
    updates, opt_state = tx.update(g_shard, opt_state, p_shard)
    p_shard = optax.apply_updates(p_shard, updates)
    new_flat = L.all_gather(p_shard, AXIS, tiled=True)
    return new_flat, opt_state, L.pmean(loss, AXIS)

  padded = jnp.pad(flat, (0, pad))
  return step, padded
