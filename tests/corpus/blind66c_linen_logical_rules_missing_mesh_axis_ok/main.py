import argparse
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state

from config import get_config
from models import LanguageModel
import sharding


def create_train_state(rng, model, cfg):
  tokens = jnp.ones((cfg.batch_size, cfg.seq_len), jnp.int32)
  params = model.init(rng, tokens)["params"]
  tx = optax.adamw(cfg.learning_rate)
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, tokens[:, :-1])
    labels = tokens[:, 1:]
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--batch_size", type=int, default=8)
  parser.add_argument("--seq_len", type=int, default=64)
  parser.add_argument("--num_layers", type=int, default=2)
  args = parser.parse_args()

  cfg = get_config(batch_size=args.batch_size, seq_len=args.seq_len,
                   num_layers=args.num_layers)
  mesh = sharding.build_mesh(cfg)
  model = LanguageModel(cfg.vocab_size, cfg.d_model, cfg.d_ff, cfg.num_layers)

  with jax.set_mesh(mesh), nn.logical_axis_rules(cfg.logical_axis_rules):
    init_fn = functools.partial(create_train_state, model=model, cfg=cfg)
    abstract_state = jax.eval_shape(init_fn, jax.random.key(0))
    state_sh = sharding.state_shardings(abstract_state, mesh, cfg)
    data_sh = sharding.batch_sharding(mesh, cfg)

    step = jax.jit(train_step, in_shardings=(state_sh, data_sh),
                   out_shardings=(state_sh, None), donate_argnums=0)
    tokens = jax.ShapeDtypeStruct((cfg.batch_size, cfg.seq_len + 1), jnp.int32)
    step.trace(abstract_state, tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
