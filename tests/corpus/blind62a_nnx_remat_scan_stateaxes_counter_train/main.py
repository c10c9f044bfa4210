import jax
import jax.numpy as jnp
import optax
from flax import nnx

from encoder import Encoder


def main():
  model = Encoder(32, 128, num_layers=8, num_classes=10,
                  rngs=nnx.Rngs(params=0, dropout=1))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  metrics = nnx.MultiMetric(loss=nnx.metrics.Average('loss'),
                            accuracy=nnx.metrics.Accuracy())

  @nnx.jit
  def train_step(model, optimizer, metrics, x, labels):

    def loss_fn(model):
      logits = model(x)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, logits

    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    metrics.update(loss=loss, logits=logits, labels=labels)
    optimizer.update(model, grads)

  x = jnp.ones((16, 24, 32), jnp.float32)
  labels = jnp.zeros((16,), jnp.int32)
  train_step.trace(model, optimizer, metrics, x, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
