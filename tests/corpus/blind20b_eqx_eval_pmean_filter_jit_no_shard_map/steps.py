import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P

from model import loss_fn

AXIS = "data"


def make_train_step(optim, mesh):
  def per_device(params, static, opt_state, x, y):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, AXIS)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, lax.pmean(loss, AXIS)

  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    params, static = eqx.partition(model, eqx.is_inexact_array)
    sm = jax.shard_map(lambda p, o, x, y: per_device(p, static, o, x, y), mesh=mesh,
                       in_specs=(P(), P(), P(AXIS), P(AXIS)), out_specs=(P(), P(), P()))
    params, opt_state, loss = sm(params, opt_state, x, y)
    return eqx.combine(params, static), opt_state, loss

  return train_step


@eqx.filter_jit
def evaluate(model, x, y):
  logits = jax.vmap(model)(x)
  acc = jnp.mean(jnp.argmax(logits, -1) == y)
  return lax.pmean(loss_fn(model, x, y), AXIS), lax.pmean(acc, AXIS)
