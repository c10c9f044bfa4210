import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import FeedForward

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
  model = FeedForward(512, 2048, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


batch_sharding = NamedSharding(mesh, P("data", None))
x = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=batch_sharding)
y = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=batch_sharding)
with jax.set_mesh(mesh):
  lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:200])
