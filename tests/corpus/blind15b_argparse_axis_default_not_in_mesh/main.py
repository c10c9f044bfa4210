import argparse
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  axis_names: tuple = ('data', 'model')


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  lr: float = 1e-2
  dp_axis: str = 'data'
  mesh: MeshConfig = dataclasses.field(default_factory=MeshConfig)


def parse_args():
  parser = argparse.ArgumentParser()
  parser.add_argument('--lr', type=float, default=1e-2)
  parser.add_argument('--dp-axis', default='batch')
  args = parser.parse_args()
  return TrainConfig(lr=args.lr, dp_axis=args.dp_axis)


def make_mesh(cfg: MeshConfig):
  devices = np.array(jax.devices()).reshape(cfg.shape)
  return Mesh(devices, cfg.axis_names)


def loss_fn(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


def build_step(cfg: TrainConfig, mesh):

  def step(w, x, y):
    g = jax.grad(loss_fn)(w, x, y)
    g = jax.lax.pmean(g, cfg.dp_axis)
    return w - cfg.lr * g

  spec = P(cfg.mesh.axis_names[0])
  return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), spec, spec), out_specs=P()))


def main():
  cfg = parse_args()
  mesh = make_mesh(cfg.mesh)
  step = build_step(cfg, mesh)
  w = jnp.zeros((8, 1))
  x = jnp.ones((16, 8))
  y = jnp.ones((16, 1))
  step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
