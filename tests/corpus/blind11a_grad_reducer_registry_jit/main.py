import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from reducers import DATA_AXIS, get_reducer


class Regressor(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


def make_step(reduce_name):
  reduce_grads = get_reducer(reduce_name)

  @nnx.jit
  def step(model, optimizer, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.tree.map(reduce_grads, grads)
    optimizer.update(model, grads)
    return loss

  return step


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
  model = Regressor(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  sh = NamedSharding(mesh, P(DATA_AXIS))
  x = jax.device_put(jnp.ones((16, 8)), sh)
  y = jax.device_put(jnp.ones((16, 1)), sh)
  step = make_step('mean')
  step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
