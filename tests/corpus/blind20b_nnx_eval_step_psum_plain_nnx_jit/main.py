import argparse

import jax
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from data import make_mesh, synthetic_batch
from model import MLP
from steps import eval_step, make_train_step


class Config:
  din = 32
  dhidden = 64
  dout = 10
  batch_size = 32
  num_devices = 4
  data_axis = "data"


def main(argv=None):
  parser = argparse.ArgumentParser()
  parser.add_argument("--lr", type=float, default=1e-3)
  parser.add_argument("--eval_every", type=int, default=1)
  args = parser.parse_args(argv)
  cfg = Config()
  mesh = make_mesh(cfg)
  model = MLP(cfg.din, cfg.dhidden, cfg.dout, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(args.lr, momentum=0.9), wrt=nnx.Param)
  train_step = make_train_step(mesh)

  x, y = synthetic_batch(cfg)
  x, y = jax.device_put((x, y), NamedSharding(mesh, P("data")))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
  if args.eval_every:
    eval_step.trace(model, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
