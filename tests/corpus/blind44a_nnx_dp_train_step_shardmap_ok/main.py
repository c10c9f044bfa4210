import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = lambda x: nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    self.linear1 = nnx.Linear(16 * 14 * 14, 128, rngs=rngs)
    self.linear2 = nnx.Linear(128, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    x = x.reshape(x.shape[0], -1)
    return self.linear2(nnx.relu(self.linear1(x)))


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


@nnx.jit
def train_step(model, optimizer, images, labels):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
  def step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    grads = jax.lax.pmean(grads, axis_name='data')
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis_name='data')

  return step(model, optimizer, images, labels)


model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
images = jnp.ones((32, 28, 28, 1))
labels = jnp.zeros((32,), jnp.int32)

print(train_step.trace(model, optimizer, images, labels)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
