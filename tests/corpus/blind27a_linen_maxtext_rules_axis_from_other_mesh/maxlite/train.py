import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from maxlite.layers import Decoder


def make_optimizer():
  # no weight decay on the embedding, as MaxText's adamw mask does
  def label_fn(params):
    return {k: ("no_decay" if k == "embedding" else "decay") for k in params}

  return optax.chain(
      optax.clip_by_global_norm(1.0),
      optax.multi_transform(
          {"decay": optax.adamw(1e-3, weight_decay=0.1), "no_decay": optax.adam(1e-3)},
          label_fn,
      ),
  )


def loss_fn(model, params, batch):
  logits = model.apply({"params": params}, batch["inputs"])
  onehot = jax.nn.one_hot(batch["targets"], logits.shape[-1])
  return optax.softmax_cross_entropy(logits, onehot).mean()


def train_step(model, tx, config, mesh, params, opt_state, batch):
  with nn.logical_axis_rules(config.logical_axis_rules):
    loss, grads = jax.value_and_grad(functools.partial(loss_fn, model))(params, batch)
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


def abstract_state(model, tx, config, mesh):
  tokens = jnp.zeros((config.per_device_batch * jax.device_count(), config.seq_len), jnp.int32)

  def init(rng):
    params = model.init(rng, tokens)["params"]
    return params, tx.init(params)

  with nn.logical_axis_rules(config.logical_axis_rules):
    boxed = jax.eval_shape(init, jax.random.key(0))
    logical_specs = nn.get_partition_spec(boxed)
    shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, config.logical_axis_rules)
  unboxed = nn.unbox(boxed)
  return unboxed, shardings
