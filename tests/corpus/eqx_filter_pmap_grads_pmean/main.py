"""Equinox data parallelism the pmap way: eqx.filter_pmap(axis_name="devices") with the model
broadcast, gradients pmean-ed; lowered with the pmapped function's .lower."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

model = eqx.nn.MLP(8, 1, width_size=32, depth=2, key=jr.PRNGKey(0))
n = jax.local_device_count()
x = jnp.ones((n, 4, 8))
y = jnp.zeros((n, 4, 1))


def loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_pmap(in_axes=(None, 0, 0), axis_name="devices")
def grads(model, x, y):
    return jax.lax.pmean(eqx.filter_grad(loss)(model, x, y), "devices")


grads.lower(model, x, y)
