import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


def loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_step(model, x, y):
    l, g = eqx.filter_value_and_grad(loss)(model, x, y)
    return eqx.apply_updates(model, jax.tree.map(lambda t: -0.01 * t, g)), l


single_step = eqx.filter_jit(make_step)


def _pmapped(model, x, y):
    l, g = eqx.filter_value_and_grad(loss)(model, x, y)
    g = lax.pmean(g, "devices")
    l = lax.pmean(l, "devices")
    return eqx.apply_updates(model, jax.tree.map(lambda t: -0.01 * t, g)), l


make_step = eqx.filter_pmap(_pmapped, in_axes=(None, 0, 0), out_axes=(None, None), axis_name="devices")

model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
n = jax.local_device_count()
make_step.lower(model, jnp.ones((n, 16, 8)), jnp.ones((n, 16, 1)))
