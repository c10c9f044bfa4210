"""Data-parallel train step with gradient accumulation over micro-batches (lax.scan),
built for whatever mesh the caller passes in."""
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def mlp(params, x):
  for w, b in params[:-1]:
    x = jax.nn.relu(x @ w + b)
  w, b = params[-1]
  return x @ w + b


def make_train_step(mesh, optimizer, n_micro, axis="batch"):
  def local_step(params, opt_state, x, y):
    xs = x.reshape(n_micro, -1, x.shape[-1])
    ys = y.reshape(n_micro, -1, y.shape[-1])

    def micro(acc, batch):
      mx, my = batch
      loss, g = jax.value_and_grad(lambda p: jnp.mean((mlp(p, mx) - my) ** 2))(params)
      return jax.tree.map(jnp.add, acc, (loss, g)), None

    zeros = (jnp.zeros(()), jax.tree.map(jnp.zeros_like, params))
    (loss, grads), _ = lax.scan(micro, zeros, (xs, ys))
    loss, grads = lax.pmean((loss / n_micro, jax.tree.map(lambda g: g / n_micro, grads)), axis)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  step = shard_map(local_step, mesh=mesh,
                   in_specs=(P(), P(), P(axis), P(axis)),
                   out_specs=(P(), P(), P()))
  return jax.jit(step, donate_argnums=(0, 1))
