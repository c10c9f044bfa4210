from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


def make_train_step(mesh, graphdef, param_specs):
  """Loss and grads computed per TP shard; the optimizer update runs under nnx.jit."""

  @partial(jax.shard_map, mesh=mesh,
           in_specs=(param_specs, P(), P()), out_specs=(P(), param_specs))
  def loss_and_grads(params, x, y):
    def loss_fn(params):
      pred = nnx.merge(graphdef, params)(x)
      return jnp.mean((pred - y) ** 2)
    return jax.value_and_grad(loss_fn)(params)

  @nnx.jit
  def train_step(model, optimizer, x, y):
    params = nnx.state(model, nnx.Param)
    loss, grads = loss_and_grads(params, x, y)
    optimizer.update(model, grads)
    return loss

  return train_step
