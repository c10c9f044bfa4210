"""Two-stage Equinox pipeline trained end to end: the loss is differentiated through the
psend/precv transfer between the stages."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

import pipe

N = 4
mesh = jax.make_mesh((N,), (pipe.AXIS,))
stage = eqx.nn.Linear(16, 16, key=jax.random.PRNGKey(0))
params, static = eqx.partition(stage, eqx.is_array)
stacked = jax.tree_util.tree_map(lambda p: jnp.stack([p] * N), params)
tx = optax.adam(1e-3)


def pipeline_loss(stacked, x, y):
    local = jax.tree_util.tree_map(lambda p: p[0], stacked)
    layer = eqx.combine(local, static)
    idx = jax.lax.axis_index(pipe.AXIS)
    h = x
    for s in range(N):
        h = jnp.where(idx == s, jax.vmap(layer)(h), h)
        if s < N - 1:
            h = jnp.where(idx == s + 1, pipe.send_next(h, N), h)
    loss = jnp.where(idx == N - 1, jnp.mean((h - y) ** 2), 0.0)
    return jax.lax.psum(loss, pipe.AXIS)


def train_step(stacked, opt_state, x, y):
    loss, grads = jax.value_and_grad(pipeline_loss)(stacked, x, y)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(stacked, updates), opt_state, loss


opt_state = jax.vmap(tx.init)(stacked)  # per-stage optimizer state, stacked like the params
step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                             in_specs=(P(pipe.AXIS), P(pipe.AXIS), P(), P()),
                             out_specs=(P(pipe.AXIS), P(pipe.AXIS), P()), check_vma=False))
print(step.trace(stacked, opt_state, jnp.ones((8, 16)), jnp.ones((8, 16))).lower(
    lowering_platforms=("cuda",)) is not None)
