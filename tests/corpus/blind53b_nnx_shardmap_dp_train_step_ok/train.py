import functools

import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

AXIS = 'data'


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def make_train_step(mesh):
  @nnx.jit
  @functools.partial(nnx.shard_map, mesh=mesh,
                     in_specs=(P(), P(), P(AXIS), P(AXIS)), out_specs=P())
  def train_step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    grads = jax.lax.pmean(grads, axis_name=AXIS)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis_name=AXIS)

  return train_step
