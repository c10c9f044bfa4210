"""Data-parallel MNIST step, ported from a jax.pmap version of the NNX tutorial."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import CNN

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


def loss_fn(model: CNN, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
  return loss, logits


@nnx.jit
def train_step(model: CNN, optimizer: nnx.Optimizer, metrics: nnx.MultiMetric, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  # average the per-replica gradients (was: pmap(..., axis_name='data'))
  grads = jax.lax.pmean(grads, axis_name='data')
  metrics.update(loss=loss, logits=logits, labels=batch['label'])
  optimizer.update(model, grads)


def main():
  model = CNN(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, 0.9), wrt=nnx.Param)
  metrics = nnx.MultiMetric(
      accuracy=nnx.metrics.Accuracy(),
      loss=nnx.metrics.Average('loss'),
  )
  data_sharding = NamedSharding(mesh, P('data'))
  batch = {
      'image': jax.ShapeDtypeStruct((64, 28, 28, 1), jnp.float32, sharding=data_sharding),
      'label': jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data_sharding),
  }
  model.train()
  train_step.trace(model, optimizer, metrics, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
