import argparse
import functools

import jax
import jax.numpy as jnp

from config import default_config
from models import CNN
import sharding
from train import create_train_state, train_step


def parse_args():
  p = argparse.ArgumentParser(description="CIFAR-10 data-parallel training")
  p.add_argument("--batch_size", type=int, default=50)
  p.add_argument("--seed", type=int, default=0)
  return p.parse_args()


def main():
  args = parse_args()
  cfg = default_config()
  mesh = sharding.create_mesh(cfg)
  model = CNN(cfg.features, cfg.dense_features, cfg.num_classes)

  abstract_state = jax.eval_shape(
      functools.partial(create_train_state, model=model, cfg=cfg, batch_size=args.batch_size),
      jax.random.PRNGKey(args.seed))

  repl = sharding.replicated(mesh)
  dp = sharding.data_parallel(mesh, cfg)
  p_train_step = jax.jit(train_step, in_shardings=(repl, dp, dp),
                         out_shardings=(repl, repl), donate_argnums=(0,))

  images = jax.ShapeDtypeStruct((args.batch_size, cfg.image_size, cfg.image_size, 3), jnp.float32)
  labels = jax.ShapeDtypeStruct((args.batch_size,), jnp.int32)
  p_train_step.trace(abstract_state, images, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
