import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import DeepMLP

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


@nnx.jit
def create_sharded_model():
  model = DeepMLP(64, rngs=nnx.Rngs(params=0))
  state = nnx.state(model)
  nnx.update(model, jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state)))
  return model


@nnx.jit
def train_step(model, optimizer, rngs, x, y):
  def loss_fn(model, rngs):
    return jnp.mean((model(x, rngs) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model, rngs)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  rngs = nnx.Rngs(dropout=1)
  x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P('data')))
  y = jax.device_put(jnp.ones((16, 1)), NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, rngs, x, y).lower(lowering_platforms=('tpu',))
