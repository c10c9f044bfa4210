import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

n_dev = jax.local_device_count()

model = eqx.nn.MLP(4, 1, width_size=16, depth=2, activation=jax.nn.softplus, key=jr.PRNGKey(0))
optim = optax.adabelief(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_value_and_grad
def loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_pmap(in_axes=(None, None, 0, 0), out_axes=(None, None, None), axis_name="devices")
def train_step(model, opt_state, x, y):
    value, grads = loss(model, x, y)
    value, grads = jax.lax.pmean((value, grads), axis_name="devices")
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    return eqx.apply_updates(model, updates), opt_state, value


x = jnp.zeros((n_dev, 8, 4))
y = jnp.zeros((n_dev, 8, 1))
lowered = train_step.lower(model, opt_state, x, y)
print(lowered.as_text()[:100])
