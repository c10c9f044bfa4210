import functools

import flax.linen as fnn
import jax
import optax
from jax.lax import pmean as all_mean
from jax.sharding import PartitionSpec as P

from rules import get_rules


def make_train_step(model, mesh, tx, boxed_params, cfg):
  axis = cfg["data_axis"]
  with fnn.logical_axis_rules(get_rules(cfg["partitioning"])):
    param_specs = fnn.logical_to_mesh(fnn.get_partition_spec(boxed_params))
  opt_specs = jax.tree.map(lambda _: P(), jax.eval_shape(tx.init, fnn.unbox(boxed_params)))

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(param_specs, opt_specs, P(axis), P(axis)),
                     out_specs=(param_specs, opt_specs, P()))
  def train_step(params, opt_state, x, y):
    def loss_fn(params):
      pred = model.apply({"params": params}, x)[..., 0]
      return ((pred - y) ** 2).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads, loss = all_mean((grads, loss), axis)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step
