import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.flatten_util import ravel_pytree

AXIS = "fsdp"


def make_step(model, optim):
  params, static = eqx.partition(model, eqx.is_inexact_array)
  flat0, unravel = ravel_pytree(params)

  def loss_fn(flat, x, y):
    m = eqx.combine(unravel(flat), static)
    return jnp.mean(optax.softmax_cross_entropy_with_integer_labels(jax.vmap(m)(x), y))

  def step(flat_shard, opt_state, x, y):
    flat = jax.lax.all_gather(flat_shard, AXIS, tiled=True)
    loss, g = jax.value_and_grad(loss_fn)(flat, x, y)
    g_shard = jax.lax.psum_scatter(g, AXIS, scatter_dimension=0, tiled=True)
    g_shard = g_shard / jax.lax.axis_size(AXIS)
    updates, opt_state = optim.update(g_shard, opt_state, flat_shard)
    return optax.apply_updates(flat_shard, updates), opt_state, jax.lax.pmean(loss, AXIS)

  return step, flat0
