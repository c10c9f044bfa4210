import argparse

import optax
from flax import nnx

from data import make_mesh, synthetic_batch
from model import MLP
from train import Config, make_train_step


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--learning_rate", type=float, default=3e-4)
  parser.add_argument("--batch_size", type=int, default=64)
  args = parser.parse_args()
  cfg = Config(learning_rate=args.learning_rate, batch_size=args.batch_size)

  mesh = make_mesh(cfg)
  model = MLP(cfg.din, cfg.dhidden, cfg.dout, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(cfg.learning_rate), wrt=nnx.Param)
  train_step = make_train_step(cfg, mesh)

  x, y = synthetic_batch(cfg)
  lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
