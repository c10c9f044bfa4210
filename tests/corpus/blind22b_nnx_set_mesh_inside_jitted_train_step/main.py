import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


def build_mesh():
  return jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class Regressor(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(16, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


MESH = build_mesh()


@nnx.jit
def train_step(model, optimizer, x, y):
  # make sure the batch is data-sharded (bare PartitionSpecs need a mesh in context)
  with jax.set_mesh(MESH):
    x = jax.lax.with_sharding_constraint(x, P("data"))
    y = jax.lax.with_sharding_constraint(y, P("data"))

  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  model = Regressor(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
  x = jnp.ones((32, 16))
  y = jnp.zeros((32, 1))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
