from functools import partial

import jax
from jax.experimental.shard_map import shard_map
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def param_specs(params, axis_name):
  return jax.tree_util.tree_map_with_path(
      lambda path, _: P(axis_name) if path[-1].key == 'kernel' else P(), params)


def build_train_step(model, mesh, specs, lr=1e-3, axis_name='fsdp'):

  def loss_fn(params, x, y):
    return jnp.mean((model.apply({'params': params}, x) - y) ** 2)

  def step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    # Kernel gradients arrive reduce-scattered (the transpose of all_gather); the
    # replicated biases need an explicit mean.
    grads = jax.tree.map(
        lambda g, s: g / mesh.shape[axis_name] if s == P(axis_name) else jax.lax.pmean(g, axis_name),
        grads, specs)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, jax.lax.pmean(loss, axis_name)

  return jax.jit(shard_map(step, mesh, in_specs=(specs, P(axis_name), P(axis_name)),
                           out_specs=(specs, P())))
