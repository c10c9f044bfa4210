"""A CNN whose nnx.BatchNorm syncs statistics over axis_name='batch', evaluated under
nnx.shard_map over a 'batch' mesh."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv = nnx.Conv(3, 16, kernel_size=(3, 3), rngs=rngs)
    # Batch statistics are averaged over every device that holds part of the batch.
    self.bn = nnx.BatchNorm(16, axis_name='batch', rngs=rngs)
    self.head = nnx.Linear(16, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.conv(x)))
    return self.head(x.mean(axis=(1, 2)))


def loss_fn(model, images, labels):
  logits = model(images)
  return jnp.mean(-jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))


model = CNN(rngs=nnx.Rngs(0))
images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)


mesh = jax.sharding.Mesh(jax.devices(), ('batch',))


@nnx.jit
def evaluate(model, images, labels):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=P())
  def local(model, images, labels):
    return jax.lax.pmean(loss_fn(model, images, labels), 'batch')
  return local(model, images, labels)


evaluate.trace(model, images, labels).lower(lowering_platforms=("cuda",))
