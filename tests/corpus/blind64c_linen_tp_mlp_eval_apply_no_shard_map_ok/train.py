from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

# How each parameter of MLPBlock is laid out over the ('data', 'model') mesh.
PARAM_SPECS = {
    'params': {
        'wi': {'kernel': P(None, 'model'), 'bias': P('model')},
        'wo': {'kernel': P('model', None), 'bias': P()},
        'ln': {'scale': P(), 'bias': P()},
    }
}


def make_init(model, mesh):
  """Initialise the parameter shards in place, one shard per device."""
  init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P('data')),
                       out_specs=PARAM_SPECS)
  return jax.jit(init)


def make_train_step(model, mesh):

  @partial(jax.shard_map, mesh=mesh, in_specs=(PARAM_SPECS, P('data'), P('data')),
           out_specs=(PARAM_SPECS, P()))
  def train_step(variables, x, y):
    def loss_fn(v):
      return jnp.mean((model.apply(v, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(variables)
    grads = jax.lax.pmean(grads, 'data')
    new = jax.tree.map(lambda p, g: p - 1e-3 * g, variables, grads)
    return new, jax.lax.pmean(loss, 'data')

  return jax.jit(train_step)


def make_eval_step(model, mesh):

  @partial(jax.shard_map, mesh=mesh, in_specs=(PARAM_SPECS, P('data')), out_specs=P('data'))
  def eval_step(variables, x):
    return model.apply(variables, x)

  return jax.jit(eval_step)
