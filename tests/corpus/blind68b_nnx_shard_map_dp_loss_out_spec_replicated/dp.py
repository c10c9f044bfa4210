import functools

import optax
from jax import lax
from jax.sharding import PartitionSpec as P
from flax import nnx

DATA = 'data'


def data_parallel(mesh):
  return functools.partial(
      nnx.shard_map, mesh=mesh,
      in_specs=(P(), P(), P(DATA), P(DATA)),
      out_specs=P())


def make_step(mesh):

  @nnx.jit
  @data_parallel(mesh)
  def train_step(model, optimizer, x, y):

    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = lax.pmean(grads, DATA)
    optimizer.update(model, grads)
    return loss

  return train_step
