import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(16, 32, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(7 * 7 * 32, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.avg_pool(nnx.relu(self.conv1(x)), (2, 2), (2, 2))
    x = nnx.avg_pool(nnx.relu(self.conv2(x)), (2, 2), (2, 2))
    return self.linear(x.reshape(x.shape[0], -1))


@nnx.jit
def eval_step(model, images, labels):
  logits = model(images)
  return jnp.sum(jnp.argmax(logits, -1) == labels)


def iterate(images, labels, batch_size):
  n = len(images)
  for i in range(0, n, batch_size):
    yield images[i:i + batch_size], labels[i:i + batch_size]


mesh = jax.make_mesh((4,), ('batch',))
with jax.set_mesh(mesh):
  model = CNN(rngs=nnx.Rngs(0))
  test_images = np.zeros((250, 28, 28, 1), np.float32)
  test_labels = np.zeros((250,), np.int32)
  for images, labels in iterate(test_images, test_labels, 64):
    images = jax.device_put(images, P('batch'))
    labels = jax.device_put(labels, P('batch'))
    lowered = eval_step.trace(model, images, labels).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
