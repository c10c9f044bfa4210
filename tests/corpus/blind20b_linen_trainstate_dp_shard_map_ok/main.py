import argparse

import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from models import CNN
from train import create_train_state, make_train_step


def parse():
  p = argparse.ArgumentParser()
  p.add_argument("--learning_rate", type=float, default=0.1)
  p.add_argument("--momentum", type=float, default=0.9)
  p.add_argument("--batch_size", type=int, default=128)
  p.add_argument("--axis", default="batch")
  return p.parse_args()


if __name__ == "__main__":
  args = parse()
  mesh = Mesh(jax.devices(), (args.axis,))
  state = create_train_state(CNN(), jax.random.PRNGKey(0), args.learning_rate,
                             args.momentum, (28, 28, 1))
  train_step = make_train_step(mesh, args.axis)
  images = jnp.zeros((args.batch_size, 28, 28, 1))
  labels = jnp.zeros((args.batch_size,), jnp.int32)
  train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
