import optax
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

from . import axes
from .metrics import accuracy


def make_step(mesh):

  def loss_fn(model, x, y):
    logits = model(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, logits

  @nnx.jit
  def train_step(model, optimizer, x, y):

    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(axes.DATA), P(axes.DATA)),
                   out_specs=(P(), P()))
    def inner(model, optimizer, x, y):
      (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, x, y)
      grads = lax.pmean(grads, axes.DATA)
      optimizer.update(model, grads)
      return lax.pmean(loss, axes.DATA), accuracy(logits, y)

    return inner(model, optimizer, x, y)

  return train_step
