import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

import sharding_rules


def abstract_train_state(model, cfg):
  tx = optax.adamw(cfg.learning_rate, weight_decay=cfg.weight_decay)

  def init_fn(rng):
    tokens = jnp.zeros((1, cfg.seq_len), jnp.int32)
    params = model.init(rng, tokens)["params"]
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)

  return init_fn, jax.eval_shape(init_fn, jax.random.key(0))


def make_train_step(model, mesh, cfg):
  _, abstract_state = abstract_train_state(model, cfg)
  with nn.logical_axis_rules(sharding_rules.RULES):
    state_sharding = nn.logical_to_mesh_sharding(
        nn.get_partition_spec(abstract_state), mesh)
    token_sharding = NamedSharding(mesh, nn.logical_to_mesh_axes(("batch", "length")))

  def train_step(state, tokens):
    def loss_fn(params):
      logits = state.apply_fn({"params": params}, tokens[:, :-1])
      return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss

  step = jax.jit(train_step, in_shardings=(state_sharding, token_sharding),
                 out_shardings=(state_sharding, NamedSharding(mesh, P())),
                 donate_argnums=0)
  return step, abstract_state
