import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from losses import mse
from model import DotReluDot

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'),
                          axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(auto_mesh):
  sharded_model = DotReluDot(64, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model: DotReluDot):
    return mse(model(x), y)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(auto_mesh):
  data_sharding = NamedSharding(auto_mesh, P('data', None))
  x = jax.device_put(jnp.ones((8, 64)), data_sharding)
  y = jax.device_put(jnp.ones((8, 64)), data_sharding)
  train_step.trace(sharded_model, optimizer, x, y).lower(lowering_platforms=('tpu',))
