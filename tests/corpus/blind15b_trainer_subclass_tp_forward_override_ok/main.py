import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Trainer:

  def __init__(self, mesh, lr=1e-2):
    self.mesh = mesh
    self.lr = lr
    self.step = jax.jit(self._step)

  def param_spec(self):
    return P()

  def _forward(self, w, x):
    return x @ w

  def _local_step(self, w, x, y):
    def loss(w):
      return jnp.sum((self._forward(w, x) - y) ** 2)

    g = jax.grad(loss)(w)
    g = jax.lax.psum(g, 'data')
    return w - self.lr * g

  def _step(self, w, x, y):
    sm = jax.shard_map(self._local_step, mesh=self.mesh,
                       in_specs=(self.param_spec(), P('data'), P('data')),
                       out_specs=self.param_spec())
    return sm(w, x, y)


class TensorParallelTrainer(Trainer):

  def __init__(self, mesh, lr=1e-2):
    self.tp_axis = 'model'
    super().__init__(mesh, lr)

  def param_spec(self):
    return P(self.tp_axis, None)

  def _forward(self, w, x):
    # rows of w are split over 'model': slice the matching columns of x
    k = w.shape[0]
    i = jax.lax.axis_index(self.tp_axis)
    x_local = jax.lax.dynamic_slice_in_dim(x, i * k, k, axis=1)
    return jax.lax.psum(x_local @ w, self.tp_axis)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  trainer = TensorParallelTrainer(mesh)
  w = jnp.zeros((16, 4))
  x = jnp.ones((8, 16))
  y = jnp.ones((8, 4))
  trainer.step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
