import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

NUM_MICRO = 4


class Classifier(nnx.Module):
  """Fine-tuning head on a frozen-statistics backbone."""

  def __init__(self, rngs):
    self.conv = nnx.Conv(3, 16, (3, 3), rngs=rngs)
    self.bn = nnx.BatchNorm(16, use_running_average=True, rngs=rngs)
    self.head = nnx.Linear(16, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.conv(x)))
    return self.head(x.mean(axis=(1, 2)))


def loss_fn(params, graphdef, rest, x, y):
  logits = nnx.merge(graphdef, params, rest)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, images, labels):
  xs = images.reshape(NUM_MICRO, -1, *images.shape[1:])
  ys = labels.reshape(NUM_MICRO, -1)

  graphdef, params, rest = nnx.split(model, nnx.Param, ...)

  def micro(acc, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, graphdef, rest, *batch)
    return jax.tree.map(jnp.add, acc, grads), loss

  acc0 = jax.tree.map(jnp.zeros_like, params)
  grads, losses = jax.lax.scan(micro, acc0, (xs, ys))
  grads = jax.tree.map(lambda g: g / NUM_MICRO, grads)
  optimizer.update(model, grads)
  return losses.mean()


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
with jax.set_mesh(mesh):
  model = Classifier(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  images = jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32,
                                sharding=NamedSharding(mesh, P("data")))
  labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=NamedSharding(mesh, P("data")))
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=("tpu",))
