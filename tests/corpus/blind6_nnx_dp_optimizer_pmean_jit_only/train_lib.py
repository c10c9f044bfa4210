"""Data-parallel train step: every device holds a full replica of the model and optimizer and
a slice of the batch; gradients are averaged with pmean over the data axis."""
from functools import partial

import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy(logits, y).mean()


def make_train_step(mesh, data_axis: str = 'data'):

  # shard_map dropped: let jit's automatic partitioning shard the batch instead
  @nnx.jit
  def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis_name=data_axis)

  return train_step
