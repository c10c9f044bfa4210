from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def build_step(graphdef, rest, tx, mesh, num_micro: int):

  def loss_fn(params, x, y):
    model = nnx.merge(graphdef, params, rest)
    return jnp.mean((model(x) - y) ** 2)

  @partial(jax.jit, donate_argnums=(0, 1))
  @partial(
      jax.shard_map,
      mesh=mesh,
      in_specs=(P(), P(), P("data"), P("data")),
      out_specs=(P(), P(), P()),
  )
  def step(params, opt_state, x, y):
    mx = x.reshape(num_micro, -1, x.shape[-1])
    my = y.reshape(num_micro, -1)

    def accumulate(i, carry):
      grad_sum, loss_sum = carry
      loss, grads = jax.value_and_grad(loss_fn)(params, mx[i], my[i])
      # accumulate in float32 even though the params are bf16
      grad_sum = jax.tree.map(lambda a, g: a + g.astype(jnp.float32), grad_sum, grads)
      return grad_sum, loss_sum + loss

    zeros = jax.tree.map(jnp.zeros_like, params)
    # accumulators vary across data shards, like the per-shard grads added into them
    init = jax.lax.pcast((zeros, 0.0), "data", to="varying")
    grad_sum, loss_sum = jax.lax.fori_loop(0, num_micro, accumulate, init)
    grads = jax.lax.pmean(jax.tree.map(lambda g: g / num_micro, grad_sum), "data")
    loss = jax.lax.pmean(loss_sum / num_micro, "data")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return step
