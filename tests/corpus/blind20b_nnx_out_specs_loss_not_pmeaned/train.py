import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def compute_metrics(logits, labels):
  return {"accuracy": (jnp.argmax(logits, -1) == labels).mean()}


@functools.partial(nnx.jit, static_argnames=("mesh",))
def train_step(model, optimizer, images, labels, *, mesh):

  def per_device(model, optimizer, images, labels):
    def loss_fn(model):
      logits = model(images)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, logits

    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    grads = jax.lax.pmean(grads, "data")
    optimizer.update(model, grads)
    metrics = jax.lax.pmean(compute_metrics(logits, labels), "data")
    return loss, metrics

  return nnx.shard_map(
      per_device, mesh=mesh,
      in_specs=(P(), P(), P("data"), P("data")),
      out_specs=(P(), P()))(model, optimizer, images, labels)
