import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from model import MultiDotReluDot

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


rngs = nnx.Rngs(0)
with jax.set_mesh(auto_mesh):
  inputs = jax.device_put(rngs.normal((8, 64)), P('data', None))
  labels = jax.device_put(rngs.normal((8, 64)), P('data', None))
  model = MultiDotReluDot(64, 2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  lowered = train_step.trace(model, optimizer, inputs, labels).lower(
      lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
