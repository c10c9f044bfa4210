import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from losses import task_loss
from model import DualHeadEncoder


@nnx.jit
def train_step(model, optimizer, task_id, xq, xk, labels):
  loss, grads = nnx.value_and_grad(task_loss)(model, task_id, xq, xk, labels)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((4,), ("data",))
model = DualHeadEncoder(64, 256, 10, 128, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

batch = NamedSharding(mesh, P("data"))
xq = jax.ShapeDtypeStruct((64, 64), jnp.float32, sharding=batch)
labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch)
task_id = jax.ShapeDtypeStruct((), jnp.int32)
train_step.trace(model, optimizer, task_id, xq, xq, labels).lower(lowering_platforms=("cuda",))
