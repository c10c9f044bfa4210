import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Trainer:

  def __init__(self, lr=0.1):
    self.lr = lr
    self.step = self.build_step()

  def loss(self, w, x, y):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)

  def loss_and_grad(self, w, x, y):
    loss, g = jax.value_and_grad(self.loss)(w, x, y)
    return w - self.lr * g, loss

  def build_step(self):
    return jax.jit(self.loss_and_grad)


class DataParallelTrainer(Trainer):

  def __init__(self, mesh, axis='data', lr=0.1):
    self.mesh = mesh
    self.axis = axis
    super().__init__(lr)

  def loss_and_grad(self, w, x, y):
    loss, g = jax.value_and_grad(self.loss)(w, x, y)
    g = jax.lax.pmean(g, self.axis)
    return w - self.lr * g, jax.lax.pmean(loss, self.axis)

  def build_step(self):
    return jax.jit(jax.shard_map(self.loss_and_grad, mesh=self.mesh,
                                 in_specs=(P(), P(self.axis), P(self.axis)),
                                 out_specs=(P(), P())))


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  trainer = DataParallelTrainer(mesh)
  w = jnp.zeros((128, 8))
  x = jnp.ones((32, 128))
  y = jnp.ones((32, 8))
  trainer.step.trace(w, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
