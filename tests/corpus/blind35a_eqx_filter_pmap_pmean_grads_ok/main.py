import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax import lax

AXIS = "devices"
optim = optax.adamw(3e-4)


def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_pmap(axis_name=AXIS, in_axes=(None, None, 0, 0), out_axes=(None, None, None))
def train_step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, axis_name=AXIS)
    loss = lax.pmean(loss, axis_name=AXIS)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss


model = eqx.nn.MLP(4, 2, 16, 2, key=jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_array))
params, static = eqx.partition(model, eqx.is_array)
n = jax.local_device_count()
x = jnp.ones((n, 8, 4))
y = jnp.ones((n, 8, 2))


def step(params, opt_state, x, y):
    model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(model, eqx.is_array), opt_state, loss


jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
