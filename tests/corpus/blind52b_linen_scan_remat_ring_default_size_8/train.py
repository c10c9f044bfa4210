import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_grad_fn(model, mesh):
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(P(), P('stage')), out_specs=(P(), P()))
  def loss_and_grad(params, x):
    def loss_fn(p):
      y = model.apply({'params': p}, x)
      return jax.lax.pmean(jnp.mean(y ** 2), 'stage')
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return loss, jax.lax.pmean(grads, 'stage')

  return jax.jit(loss_and_grad)
