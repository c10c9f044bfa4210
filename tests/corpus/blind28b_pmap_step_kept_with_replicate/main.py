"""Legacy pmap training step, still used on a new JAX: params replicated with flax.jax_utils.replicate."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

tx = optax.adamw(1e-3)


def loss_fn(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w"]) - y) ** 2)


@functools.partial(jax.pmap, axis_name="batch", donate_argnums=(0, 1))
def p_train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, axis_name="batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")


n = jax.local_device_count()
params = {"w": jnp.zeros((8, 2))}
opt_state = tx.init(params)
params, opt_state = jax_utils.replicate(params), jax_utils.replicate(opt_state)
x = jnp.ones((n, 4, 8))
y = jnp.ones((n, 4, 2))
lowered = jax.jit(p_train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
