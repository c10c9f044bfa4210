import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def build_train_step(static, optimizer, mesh, axis="data"):
  def loss_fn(params, tokens, mask, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(tokens, mask)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  def local_step(params, opt_state, tokens, mask, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens, mask, labels)
    grads = lax.pmean(grads, axis)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, lax.pmean(loss, axis)

  sharded = shard_map(local_step, mesh,
                      in_specs=(P(), P(), P(axis), P(axis), P(axis)),
                      out_specs=(P(), P(), P()))
  return jax.jit(sharded)
