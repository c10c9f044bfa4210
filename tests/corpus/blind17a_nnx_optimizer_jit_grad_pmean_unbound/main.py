import functools

import jax.numpy as jnp
import optax
from flax import nnx
import jax


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 16, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = functools.partial(nnx.avg_pool, window_shape=(2, 2), strides=(2, 2))
    self.linear = nnx.Linear(16 * 14 * 14, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    return self.linear(x.reshape(x.shape[0], -1))


def loss_fn(model, images, labels):
  logits = model(images)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, images, labels):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, images, labels)
  grads = jax.lax.pmean(grads, axis_name="batch")
  metrics.update(loss=loss, logits=logits, labels=labels)
  optimizer.update(model, grads)


model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
images = jnp.zeros((32, 28, 28, 1))
labels = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, metrics, images, labels).lower(lowering_platforms=("cuda",))
