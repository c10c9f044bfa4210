"""pmap-era Equinox data parallelism: eqx.filter_pmap with a pmean of the gradients."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

N = jax.local_device_count()
model = eqx.nn.MLP(2, 1, 16, 2, key=jr.PRNGKey(0))
optim = optax.sgd(0.1)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@functools.partial(eqx.filter_pmap, axis_name="devices")
def train_step(model, opt_state, x, y):
    def loss(m):
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    grads = eqx.filter_grad(loss)(model)
    grads = jax.lax.pmean(grads, axis_name="devices")
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state


params, static = eqx.partition(model, eqx.is_array)
rep = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (N,) + a.shape), t)


def entry(params, opt_state, x, y):
    m, s = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(m, eqx.is_array), s


x = jnp.ones((N, 8, 2))
y = jnp.ones((N, 8, 1))
lowered = jax.jit(entry).trace(rep(params), rep(opt_state), x, y).lower(lowering_platforms=("cuda",))
print("ok")
