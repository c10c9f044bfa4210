"""Equinox data-parallel training: `from equinox import filter_jit, filter_value_and_grad`;
the step is eqx.filter_pmap'ed (axis_name="devices") but still pmeans over the `dp` name of
the shard_map version it replaced."""
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from equinox import filter_pmap, filter_value_and_grad, nn, partition, combine, is_array, apply_updates
model = nn.MLP(8, 1, 32, 2, key=jr.key(0))
opt = optax.adam(1e-3)
params, static = partition(model, is_array)
opt_state = opt.init(params)


@filter_value_and_grad
def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def local_step(params, opt_state, x, y):
    loss, grads = loss_fn(combine(params, static), x, y)
    grads = jax.lax.pmean(grads, "dp")
    updates, opt_state = opt.update(grads, opt_state)
    return apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "dp")


train_step = filter_pmap(local_step, in_axes=(None, None, 0, 0), out_axes=None, axis_name="devices")
train_step(params, opt_state, jnp.ones((4, 16, 8)), jnp.ones((4, 16, 1)))
