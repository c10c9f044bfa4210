from functools import partial

import jax
from jax import lax
from jax.sharding import PartitionSpec as P

from model import Classifier


def make_train_step(mesh, axis='data'):
  @jax.jit
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(axis), P(axis)), out_specs=(P(), P()))
  def train_step(state, x, labels):
    def loss_fn(params):
      return state.apply_fn({'params': params}, x, labels, method=Classifier.loss)

    (loss, acc), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, axis)
    metrics = {'loss': lax.pmean(loss, axis), 'accuracy': lax.pmean(acc, axis)}
    return state.apply_gradients(grads=grads), metrics

  return train_step
