import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from losses import DATA_AXIS, task_loss
from model import DualHeadEncoder

mesh = jax.make_mesh((4,), (DATA_AXIS,))
batch_spec = P(DATA_AXIS)


def train_step(model, optimizer, task_id, xq, xk, labels):
  loss, grads = nnx.value_and_grad(task_loss)(model, task_id, xq, xk, labels)
  grads = jax.lax.pmean(grads, DATA_AXIS)
  optimizer.update(model, grads)
  return loss


train_step = nnx.jit(nnx.shard_map(
    train_step, mesh=mesh,
    in_specs=(P(), P(), P(), batch_spec, batch_spec, batch_spec),
    out_specs=P()))

model = DualHeadEncoder(64, 256, 10, 128, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

xq = jax.ShapeDtypeStruct((64, 64), jnp.float32)
labels = jax.ShapeDtypeStruct((64,), jnp.int32)
task_id = jax.ShapeDtypeStruct((), jnp.int32)
train_step.trace(model, optimizer, task_id, xq, xq, labels).lower(lowering_platforms=("cuda",))
