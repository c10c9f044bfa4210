import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state

from .config import ModelConfig, ShardingConfig
from .model import LanguageModel


def init_fn(model, tx, key, tokens):
    params = model.init(key, tokens)["params"]
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens, targets):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, tokens)
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss


def build(model_cfg: ModelConfig, shard_cfg: ShardingConfig, mesh, tokens):
    model = LanguageModel(model_cfg)
    tx = optax.adamw(1e-3)
    init = functools.partial(init_fn, model, tx)
    key = jax.random.key(0)
    with nn.logical_axis_rules(shard_cfg.rules):
        abstract_state = jax.eval_shape(init, key, tokens)
        # PartitionSpecs for every leaf of the TrainState (params + optimizer state)
        state_spec = nn.get_partition_spec(abstract_state)
    jit_init = jax.jit(init, out_shardings=state_spec)
    return jit_init, state_spec
