from functools import partial

import jax
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from .sync import DATA_AXIS, all_reduce_mean


def make_train_step(mesh):
  replicated = NamedSharding(mesh, P())
  data = NamedSharding(mesh, P(DATA_AXIS))

  @partial(nnx.jit, in_shardings=(replicated, replicated, data, data))
  def train_step(model, optimizer, x, y):
    def loss_fn(model):
      return optax.l2_loss(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = all_reduce_mean(grads)
    optimizer.update(model, grads)
    return loss

  return train_step
