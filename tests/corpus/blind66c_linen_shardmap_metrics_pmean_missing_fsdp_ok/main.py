import argparse
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState

from config import Config
from models import Classifier
import sharding


def make_step(cfg, mesh, model):
  batch = sharding.batch_spec(cfg)
  rep = sharding.replicated_spec()

  @partial(jax.shard_map, mesh=mesh, in_specs=(rep, batch, batch), out_specs=(rep, rep))
  def compute_grads(params, x, y):
    grad_fn = jax.grad(
        lambda p: model.apply({"params": p}, x, y, method=Classifier.loss), has_aux=True)
    grads, metrics = grad_fn(params)
    grads = jax.lax.pmean(grads, cfg.batch_axes)
    metrics = jax.lax.pmean(metrics, cfg.batch_axes)
    return grads, metrics

  def train_step(state, x, y):
    grads, metrics = compute_grads(state.params, x, y)
    return state.apply_gradients(grads=grads), metrics

  return train_step


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--batch_size", type=int, default=Config.batch_size)
  parser.add_argument("--learning_rate", type=float, default=Config.learning_rate)
  args = parser.parse_args()
  cfg = Config(batch_size=args.batch_size, learning_rate=args.learning_rate)

  mesh = sharding.make_mesh(cfg)
  model = Classifier(cfg.hidden_sizes, cfg.num_classes)

  def init(rng):
    params = model.init(rng, jnp.zeros((1, cfg.input_dim)))["params"]
    return TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(cfg.learning_rate))

  state = jax.eval_shape(init, jax.random.key(0))
  x = jax.ShapeDtypeStruct((cfg.batch_size, cfg.input_dim), jnp.float32)
  y = jax.ShapeDtypeStruct((cfg.batch_size,), jnp.int32)

  train_step = jax.jit(make_step(cfg, mesh, model), donate_argnums=0)
  train_step.trace(state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
