import functools

import jax
import jax.lax as lax
import optax
from flax import nnx

from . import parallel


def _loss(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def make_train_step(mesh, graphdef):

  @jax.jit
  @functools.partial(
      jax.shard_map,
      mesh=mesh,
      in_specs=(parallel.REPLICATED, parallel.BATCH_SHARDED, parallel.BATCH_SHARDED),
      out_specs=(parallel.REPLICATED, parallel.REPLICATED),
  )
  def train_step(state, x, y):
    model, opt = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(_loss)(model, x, y)
    grads = lax.pmean(grads, axis_name=parallel.DATA_AXIS)
    opt.update(model, grads)
    return nnx.state((model, opt)), lax.pmean(loss, parallel.DATA_AXIS)

  return train_step
