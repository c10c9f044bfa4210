import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Regressor(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.silu(self.l1(x)))[:, 0]


class SyncController(nnx.Module):
  """Only all-reduces the loss statistic on logging steps."""

  def __init__(self, axis):
    self.axis = axis
    self.count = nnx.Variable(jnp.array(0))

  def __call__(self, loss):
    self.count[...] += 1
    do_sync = self.count[...] % 10 == 0
    return nnx.cond(do_sync,
                    lambda l: jax.lax.pmean(l, self.axis),
                    lambda l: l,
                    loss)


mesh = Mesh(np.array(jax.devices()), ('dp',))


def per_device(model, ctrl, x, y):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
  grads = jax.lax.pmean(grads, 'dp')
  return ctrl(loss), grads


step = nnx.shard_map(per_device, mesh=mesh,
                     in_specs=(P(), P(), P('dp'), P('dp')), out_specs=(P(), P()))
step = nnx.jit(step)


def main():
  model = Regressor(nnx.Rngs(0))
  ctrl = SyncController('dp')
  x = jnp.ones((16, 8))
  y = jnp.ones((16,))
  step.trace(model, ctrl, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
