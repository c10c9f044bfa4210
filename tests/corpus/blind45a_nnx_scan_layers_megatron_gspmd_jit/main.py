import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from layers import Stack

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'),
                          axis_types=(AxisType.Auto, AxisType.Auto))


@jax.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return model, loss


with jax.set_mesh(auto_mesh):
  x = jax.device_put(jnp.ones((8, 16)), P('data', None))
  y = jax.device_put(jnp.zeros((8, 16)), P('data', None))
  model = Stack(16, 64, 3, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  print(train_step.trace(model, optimizer, x, y)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
