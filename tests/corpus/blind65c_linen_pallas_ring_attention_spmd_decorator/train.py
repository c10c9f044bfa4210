import jax
import optax
from jax import lax
from jax.sharding import PartitionSpec as P

from parallel.ops import sharded


def make_train_step(model, mesh, tx, cfg):
  ring = cfg["ring_axis"]

  @jax.jit
  @sharded(mesh, in_specs=(P(), P(), P(None, ring, None), P(None, ring, None)),
           out_specs=(P(), P(), P()))
  def train_step(params, opt_state, x, y):
    def loss_fn(params):
      out = model.apply({"params": params}, x)
      return lax.pmean(((out - y) ** 2).mean(), ring)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = lax.pmean(grads, ring)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step
