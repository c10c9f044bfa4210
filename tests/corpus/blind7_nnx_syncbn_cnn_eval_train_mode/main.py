from functools import partial

from flax import nnx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
import optax


class CNN(nnx.Module):
  def __init__(self, *, bn_axis: str | None = None, rngs: nnx.Rngs):
    bn = partial(nnx.BatchNorm, momentum=0.9, axis_name=bn_axis, rngs=rngs)
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.bn1 = bn(16)
    self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
    self.bn2 = bn(32)
    self.head = nnx.Linear(32, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn1(self.conv1(x)))
    x = nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = nnx.relu(self.bn2(self.conv2(x)))
    x = x.mean(axis=(1, 2))
    return self.head(x)


mesh = jax.make_mesh((jax.device_count(),), ('data',))
batch_sharding = NamedSharding(mesh, P('data'))


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, images, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


@nnx.jit
def eval_step(model, images, labels):
  logits = model(images)
  return (logits.argmax(-1) == labels).mean()


model = CNN(bn_axis='data', rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)

images = jax.device_put(jnp.zeros((32, 28, 28, 1)), batch_sharding)
labels = jax.device_put(jnp.zeros((32,), jnp.int32), batch_sharding)

with jax.set_mesh(mesh):
  model.train()
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
  eval_step.trace(model, images, labels).lower(lowering_platforms=('cuda',))
