import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from dp import MESH_AXIS, per_example_grads


class Net(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(10, 20, rngs=rngs)
    self.l2 = nnx.Linear(20, 3, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
  return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


@nnx.jit
def dp_sgd_step(model, optimizer, xs, ys):
  grads = per_example_grads(loss_fn, model, xs, ys)
  grads = jax.tree.map(lambda g: g.mean(0), grads)
  optimizer.update(model, grads)


def main():
  mesh = jax.make_mesh((4,), (MESH_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  model = Net(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
  s = NamedSharding(mesh, P(MESH_AXIS))
  xs = jax.device_put(jnp.ones((16, 10)), s)
  ys = jax.device_put(jnp.zeros((16,), jnp.int32), s)
  dp_sgd_step.trace(model, optimizer, xs, ys).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
