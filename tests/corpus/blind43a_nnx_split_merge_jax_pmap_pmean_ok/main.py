import functools

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(8 * 28 * 28, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.conv(x))
    return self.linear(x.reshape(x.shape[0], -1))


model = CNN(rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
n_dev = jax.local_device_count()
replicated = jax.tree.map(lambda a: jnp.broadcast_to(a, (n_dev,) + a.shape), state)


def loss_fn(model, images, labels):
  logits = model(images)
  onehot = jax.nn.one_hot(labels, 10)
  return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))


@functools.partial(jax.pmap, axis_name='devices')
def train_step(state, images, labels):
  model = nnx.merge(graphdef, state)
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  grads = lax.pmean(grads, axis_name='devices')
  loss = lax.pmean(loss, axis_name='devices')
  state = jax.tree.map(lambda p, g: p - 0.01 * g, state, grads)
  return state, loss


images = jnp.ones((n_dev, 8, 28, 28, 1))
labels = jnp.zeros((n_dev, 8), jnp.int32)
print(jax.jit(train_step).trace(replicated, images, labels)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
