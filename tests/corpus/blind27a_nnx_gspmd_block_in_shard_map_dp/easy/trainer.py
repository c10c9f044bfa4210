import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def create_train_step(graphdef, tx, mesh, axis="dp"):
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(P(), P(), P(axis), P(axis)),
                     out_specs=(P(), P(), P()))
  def step(state, opt_state, x, y):
    def loss_fn(state):
      logits = nnx.merge(graphdef, state)(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state)
    grads = jax.lax.pmean(grads, axis)
    updates, opt_state = tx.update(grads, opt_state, state)
    return optax.apply_updates(state, updates), opt_state, jax.lax.pmean(loss, axis)

  return jax.jit(step)
