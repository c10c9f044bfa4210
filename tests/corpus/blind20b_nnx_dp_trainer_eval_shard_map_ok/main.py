import argparse
import dataclasses

import optax
from flax import nnx

from data import make_mesh, synthetic_batch
from model import MLP
from steps import build_steps


@dataclasses.dataclass
class Config:
  din: int = 32
  dhidden: int = 128
  dout: int = 10
  batch_size: int = 64
  num_devices: int = 4
  learning_rate: float = 1e-3
  data_axis: str = "batch"


def parse_config():
  p = argparse.ArgumentParser()
  for f in dataclasses.fields(Config):
    p.add_argument(f"--{f.name}", type=f.type, default=f.default)
  return Config(**vars(p.parse_args()))


if __name__ == "__main__":
  cfg = parse_config()
  mesh = make_mesh(cfg)
  model = MLP(cfg.din, cfg.dhidden, cfg.dout, rngs=nnx.Rngs(params=0))
  optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)
  train_step, eval_step = build_steps(cfg, mesh)
  x, y = synthetic_batch(cfg)
  for name, fn, args in (("train", train_step, (model, optimizer, x, y)),
                         ("eval", eval_step, (model, x, y))):
    fn.trace(*args).lower(lowering_platforms=("cuda",))
    print(name, "lowered")
