import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from net import Net

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def create_sharded_model():
  return Net(256, 1024, 3, rngs=nnx.Rngs(0))


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, x, y):

  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jax.ShapeDtypeStruct((64, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P('data')))
  y = jax.ShapeDtypeStruct((64, 1), jnp.float32,
                           sharding=NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('tpu',))
