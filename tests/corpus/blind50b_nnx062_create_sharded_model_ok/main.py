import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.experimental import mesh_utils
from jax.sharding import NamedSharding, PartitionSpec

from model import DotReluDot

mesh = jax.sharding.Mesh(
  devices=mesh_utils.create_device_mesh((2, 2)),
  axis_names=('data', 'model'),
)


@nnx.jit
def create_sharded_model():
  model = DotReluDot(256, rngs=nnx.Rngs(0))  # Unsharded at this moment.
  state = nnx.state(model)                   # The model's state, a pure pytree.
  pspecs = nnx.get_partition_spec(state)     # Strip out the annotations from state.
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)           # The model is sharded now!
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model: DotReluDot):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with mesh:
  print(create_sharded_model.trace().lower(lowering_platforms=('cuda',)).as_text()[:40])
  sharded_model = create_sharded_model()
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, PartitionSpec('data', None))
  input = jax.device_put(jnp.ones((8, 256)), data_sharding)
  label = jax.device_put(jnp.ones((8, 256)), data_sharding)
  lowered = train_step.trace(sharded_model, optimizer, input, label).lower(
      lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
