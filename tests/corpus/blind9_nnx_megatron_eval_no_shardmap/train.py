import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def make_train_step(graphdef, param_specs, mesh, tx):
  def loss_fn(params, x, y):
    m = nnx.merge(graphdef, params)
    return jnp.mean((m(x) - y) ** 2)

  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(param_specs, P('data'), P('data')),
                     out_specs=(P(), param_specs))
  def sharded_grads(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')

  @jax.jit
  def train_step(params, opt_state, x, y):
    loss, grads = sharded_grads(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step
