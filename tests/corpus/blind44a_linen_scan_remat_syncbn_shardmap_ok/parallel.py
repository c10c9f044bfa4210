import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, PartitionSpec as P


def make_mesh():
  return Mesh(jax.devices(), ('data',))


def make_train_step(model, tx, mesh):
  def step(params, batch_stats, opt_state, x, y):
    def loss_fn(params):
      pred, updates = model.apply({'params': params, 'batch_stats': batch_stats}, x,
                                  mutable=['batch_stats'])
      return jnp.mean((pred - y) ** 2), updates['batch_stats']

    (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    grads = jax.lax.pmean(grads, 'data')
    loss = jax.lax.pmean(loss, 'data')
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, new_stats, opt_state, loss

  return jax.jit(jax.shard_map(
      step, mesh=mesh,
      in_specs=(P(), P(), P(), P('data'), P('data')),
      out_specs=(P(), P(), P(), P())))
