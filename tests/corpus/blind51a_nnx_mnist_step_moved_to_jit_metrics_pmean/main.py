import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import CNN
from metrics import compute_metrics

mesh = Mesh(jax.devices(), ('data',))
data_sharding = NamedSharding(mesh, P('data'))

model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(learning_rate=0.005, b1=0.9), wrt=nnx.Param)


def loss_fn(model, images, labels):
  logits = model(images)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return loss, logits


@nnx.jit
def train_step(model, optimizer, images, labels):
  """Now a plain jit step: the compiler partitions the batch for us."""
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, images, labels)
  optimizer.update(model, grads)
  return compute_metrics(loss, logits, labels)


images = jax.device_put(jnp.zeros((32, 28, 28, 1), jnp.float32), data_sharding)
labels = jax.device_put(jnp.zeros((32,), jnp.int32), data_sharding)
print(train_step.trace(model, optimizer, images, labels).lower(
    lowering_platforms=('cuda',)).as_text()[:40])
