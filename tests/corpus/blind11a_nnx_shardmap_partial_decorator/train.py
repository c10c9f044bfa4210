import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P

BATCH = 'batch'


def loss_fn(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def make_train_step(mesh, graphdef):

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(BATCH), P(BATCH)),
                     out_specs=(P(), P()))
  def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, axis_name=BATCH)
    optimizer.update(model, grads)
    return nnx.state((model, optimizer)), lax.pmean(loss, BATCH)

  return train_step
