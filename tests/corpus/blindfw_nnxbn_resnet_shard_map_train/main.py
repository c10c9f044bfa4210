"""Training the ResNet data-parallel: nnx.shard_map over `batch` inside the nnx.jit step, so
the BatchNorms' statistics and the gradients are averaged across devices; the logits stay
sharded over `batch`."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from resnet import ResNet

mesh = Mesh(jax.devices(), ('batch',))
model = ResNet(2, 16, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9, nesterov=True), wrt=nnx.Param)
metrics = nnx.MultiMetric(loss=nnx.metrics.Average('loss'), accuracy=nnx.metrics.Accuracy())


@nnx.jit
def train_step(model, optimizer, metrics, images, labels):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('batch'), P('batch')), out_specs=(P(), P('batch')))
  def step(model, optimizer, images, labels):
    def loss_fn(model):
      logits = model(images)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, logits

    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    optimizer.update(model, jax.lax.pmean(grads, 'batch'))
    return jax.lax.pmean(loss, 'batch'), logits

  loss, logits = step(model, optimizer, images, labels)
  metrics.update(loss=loss, logits=logits, labels=labels)


model.train()
images, labels = jnp.ones((16, 8, 8, 3)), jnp.zeros((16,), jnp.int32)
train_step.trace(model, optimizer, metrics, images, labels).lower(lowering_platforms=("cuda",))
