import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import UniversalEncoder


def train_step(model, optimizer, x, labels):
  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((4,), ("data",))
data_sharding = NamedSharding(mesh, P("data"))
train_step = nnx.jit(train_step, in_shardings=(None, None, data_sharding, data_sharding),
                     donate_argnums=(0, 1))

model = UniversalEncoder(128, 512, depth=6, dtype=jnp.bfloat16, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

x = jax.ShapeDtypeStruct((32, 16, 128), jnp.float32)
labels = jax.ShapeDtypeStruct((32,), jnp.int32)
train_step.trace(model, optimizer, x, labels).lower(lowering_platforms=("tpu",))
