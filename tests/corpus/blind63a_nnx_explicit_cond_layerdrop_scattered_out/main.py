import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import StochasticDepthStack


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
  jax.set_mesh(mesh)

  model = StochasticDepthStack(4, 128, 512, 0.1, rngs=nnx.Rngs(params=0, dropout=1))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

  batch = jax.ShapeDtypeStruct((16, 32, 128), jnp.float32,
                               sharding=NamedSharding(mesh, P("data", None, None)))
  train_step.trace(model, optimizer, batch, batch).lower(lowering_platforms=("cuda",))
