"""Train-step factory: data parallel over `data`, tensor parallel over `model`."""
from functools import partial

import jax
from jax import lax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def param_partition_specs(params, model_axis):
  """Column-parallel kernels split their output dim, row-parallel kernels their input dim."""
  def spec(path, leaf):
    names = [getattr(k, 'key', str(k)) for k in path]
    if 'wi' in names:
      return P(None, model_axis) if names[-1] == 'kernel' else P(model_axis)
    if 'wo' in names and names[-1] == 'kernel':
      return P(model_axis, None)
    return P()
  return jax.tree_util.tree_map_with_path(spec, params)


def make_train_step(model, mesh, specs, learning_rate=1e-2, data_axis='data'):

  def loss_fn(params, x, y):
    pred = model.apply({'params': params}, x)
    return jnp.mean((pred - y) ** 2)

  def step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = lax.pmean(grads, data_axis)
    loss = lax.pmean(loss, data_axis)
    params = jax.tree.map(lambda p, g: p - learning_rate * g, params, grads)
    return params, loss

  step = jax.shard_map(step, mesh=mesh,
                       in_specs=(specs, P(data_axis), P(data_axis)),
                       out_specs=(specs, P()))
  return jax.jit(step, donate_argnums=(0,))
