import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Stack, TP


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((4,), (TP,), axis_types=(jax.sharding.AxisType.Auto,))
  with jax.set_mesh(mesh):
    model = Stack(16, 64, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P()))
  y = jnp.zeros((8, 16))
  with jax.set_mesh(mesh):
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
