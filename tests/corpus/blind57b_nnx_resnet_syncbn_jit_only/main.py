import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from resnet import ResNetSmall

mesh = Mesh(np.array(jax.devices()), axis_names=('batch',))
data_sharding = NamedSharding(mesh, PartitionSpec('batch'))
replicated = NamedSharding(mesh, PartitionSpec())


def loss_fn(model, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
  return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  metrics.update(loss=loss, logits=logits, labels=batch['label'])
  optimizer.update(model, grads)


def main():
  model = ResNetSmall(num_classes=10, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=1e-4), wrt=nnx.Param)
  metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average('loss'))

  state = nnx.state((model, optimizer))
  nnx.update((model, optimizer), jax.device_put(state, replicated))

  batch = {
      'image': jax.device_put(jnp.ones((64, 32, 32, 3)), data_sharding),
      'label': jax.device_put(jnp.zeros((64,), jnp.int32), data_sharding),
  }
  train_step.trace(model, optimizer, metrics, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
