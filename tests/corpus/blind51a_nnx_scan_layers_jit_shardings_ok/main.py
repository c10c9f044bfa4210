import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import ScannedMLP

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def create_sharded_model():
  model = ScannedMLP(4, 64, 256, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P('data', None))
  x = jax.device_put(jnp.ones((16, 64)), data_sharding)
  y = jax.device_put(jnp.zeros((16, 64)), data_sharding)
  lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
