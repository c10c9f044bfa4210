import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Trainer:
  axis = 'data'

  def __init__(self, mesh, lr=0.1):
    self.mesh = mesh
    self.lr = lr
    self.train_step = self._build_train()
    self.eval_step = self._build_eval()

  def _loss(self, w, x, y):
    return jnp.mean((x @ w - y) ** 2)

  def _train_step(self, w, x, y):
    loss, g = jax.value_and_grad(self._loss)(w, x, y)
    g = jax.lax.pmean(g, self.axis)
    return w - self.lr * g, jax.lax.pmean(loss, self.axis)

  def _eval_step(self, w, x, y):
    loss = self._loss(w, x, y)
    return {'loss': jax.lax.pmean(loss, self.axis)}

  def _specs(self):
    return (P(), P(self.axis), P(self.axis))

  def _build_train(self):
    return jax.jit(jax.shard_map(self._train_step, mesh=self.mesh, in_specs=self._specs(),
                                 out_specs=(P(), P())))

  def _build_eval(self):
    return jax.jit(jax.shard_map(self._eval_step, mesh=self.mesh, in_specs=self._specs(),
                                 out_specs={'loss': P()}))


class SingleHostTrainer(Trainer):
  """Eval with plain jit: XLA's sharding propagation handles the batch."""

  def _build_eval(self):
    data = NamedSharding(self.mesh, P(self.axis))
    rep = NamedSharding(self.mesh, P())
    return jax.jit(self._eval_step, in_shardings=(rep, data, data))


def main():
  mesh = Mesh(np.array(jax.devices()), (Trainer.axis,))
  trainer = SingleHostTrainer(mesh)
  w = jnp.zeros((128, 8))
  x = jnp.ones((32, 128))
  y = jnp.ones((32, 8))
  trainer.train_step.trace(w, x, y).lower(lowering_platforms=('tpu',))
  trainer.eval_step.trace(w, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
