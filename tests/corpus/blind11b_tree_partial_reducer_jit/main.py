import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from jax import lax
from jax.tree_util import Partial


@dataclasses.dataclass
class TrainConfig:
  lr: float = 0.05
  grad_reduce: Callable = Partial(lax.pmean, axis_name='data')


def loss(w, x):
  return jnp.mean(jnp.cos(x @ w))


def train_step(cfg, w, x):
  g = jax.grad(loss)(w, x)
  g = cfg.grad_reduce(g)
  return w - cfg.lr * g


def main():
  cfg = TrainConfig()
  # single-device smoke test before launching on the pod
  step = jax.jit(lambda w, x: train_step(cfg, w, x))
  step.trace(jnp.zeros((6, 2)), jnp.ones((8, 6))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
