import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
  def __init__(self, din, nclass, *, rngs):
    self.hidden = nnx.Linear(din, 64, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.out = nnx.Linear(64, nclass, rngs=rngs)

  def __call__(self, x):
    return self.out(self.drop(nnx.relu(self.hidden(x))))


def compute_metrics(logits, labels, axis_name):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  accuracy = (jnp.argmax(logits, -1) == labels).mean()
  return jax.lax.pmean({'loss': loss, 'accuracy': accuracy}, axis_name=axis_name)


@functools.partial(nnx.pmap, axis_name='device', in_axes=(None, 0, 0), out_axes=None)
def eval_step(model, images, labels):
  return compute_metrics(model(images), labels, 'device')


model = Classifier(12, 5, rngs=nnx.Rngs(0))
model.eval()
n = jax.local_device_count()
images = jnp.zeros((n, 8, 12))
labels = jnp.zeros((n, 8), jnp.int32)
jax.jit(eval_step).trace(model, images, labels).lower(lowering_platforms=('cuda',))
