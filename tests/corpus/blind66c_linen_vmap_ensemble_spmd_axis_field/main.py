import argparse
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from config import EnsembleConfig
from models import make_ensemble
import sharding


def init_state(rng, model, cfg):
  params = model.init(rng, jnp.zeros((cfg.batch_size, cfg.input_dim)))["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params,
                                       tx=optax.adam(cfg.learning_rate))


def train_step(state, x, y):
  def loss_fn(params):
    preds = state.apply_fn({"params": params}, x)        # [members, batch, 1]
    return jnp.mean((preds - y[None]) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--num_members", type=int, default=4)
  parser.add_argument("--batch_size", type=int, default=64)
  args = parser.parse_args()
  cfg = EnsembleConfig(num_members=args.num_members, batch_size=args.batch_size)

  mesh = sharding.create_mesh(cfg)
  model = make_ensemble(cfg)

  with mesh, nn.logical_axis_rules(cfg.logical_axis_rules):
    abstract_state = jax.eval_shape(functools.partial(init_state, model=model, cfg=cfg),
                                    jax.random.PRNGKey(0))
    state_sh = sharding.state_sharding(abstract_state, mesh, cfg)
    data_sh = sharding.batch_sharding(mesh, cfg)
    step = jax.jit(train_step, in_shardings=(state_sh, data_sh, data_sh),
                   out_shardings=(state_sh, NamedSharding(mesh, P())))
    x = jax.ShapeDtypeStruct((cfg.batch_size, cfg.input_dim), jnp.float32)
    y = jax.ShapeDtypeStruct((cfg.batch_size, cfg.num_outputs), jnp.float32)
    step.trace(abstract_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
