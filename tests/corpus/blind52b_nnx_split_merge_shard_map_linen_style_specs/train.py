import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P
from flax import nnx

tx = optax.sgd(1e-2)


def make_train_step(graphdef, mesh):
  def local_step(params, opt_state, x, y):
    def loss_fn(params):
      model = nnx.merge(graphdef, params)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name='data')
    loss = jax.lax.pmean(loss, axis_name='data')
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss

  sharded = jax.shard_map(
      local_step, mesh=mesh,
      in_specs=({'params': P()}, P(), P('data'), P('data')),
      out_specs=(P(), P(), P()))
  return jax.jit(sharded, donate_argnums=(0, 1))
