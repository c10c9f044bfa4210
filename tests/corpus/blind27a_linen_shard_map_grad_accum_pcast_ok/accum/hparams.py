import argparse


def get_config(argv=()):
  p = argparse.ArgumentParser()
  p.add_argument("--global_batch", type=int, default=64)
  p.add_argument("--grad_accum_steps", type=int, default=4)
  p.add_argument("--features", type=int, default=24)
  p.add_argument("--dp_axis", default="data")
  p.add_argument("--lr", type=float, default=0.1)
  return p.parse_args(list(argv))
