import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from train import make_train_step


@dataclasses.dataclass(frozen=True)
class Config:
  node_axis: str = 'node'
  local_axis: str = 'local'
  ring_size: int = 2
  lr: float = 1e-3


class Regressor(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(12, 48, rngs=rngs)
    self.l2 = nnx.Linear(48, 48, rngs=rngs)
    self.l3 = nnx.Linear(48, 1, rngs=rngs)

  def __call__(self, x):
    return self.l3(nnx.tanh(self.l2(nnx.tanh(self.l1(x)))))


def main():
  devices = np.array(jax.devices()).reshape(2, -1)
  mesh = Mesh(devices, ('node', 'local'))
  cfg = Config(ring_size=mesh.shape['node'])

  model = Regressor(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
  train_step = make_train_step(mesh, cfg)
  x, y = jnp.ones((16, 12)), jnp.ones((16, 1))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
