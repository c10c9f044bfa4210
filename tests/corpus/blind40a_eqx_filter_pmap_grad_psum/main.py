import equinox as eqx
import jax
import jax.numpy as jnp
import optax

AXIS = "devices"
n = jax.local_device_count()

model = eqx.nn.MLP(4, 1, 16, 2, key=jax.random.PRNGKey(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_pmap(axis_name="devices", in_axes=(None, None, 0, 0), out_axes=None)
def make_step(model, opt_state, x, y):
    loss, grads = loss_fn(model, x, y)
    grads = jax.lax.pmean(grads, AXIS)
    loss = jax.lax.pmean(loss, AXIS)
    updates, opt_state = optim.update(grads, opt_state)
    return loss, eqx.apply_updates(model, updates), opt_state


x = jnp.ones((n, 8, 4))
y = jnp.ones((n, 8, 1))
lowered = jax.jit(lambda x, y: make_step(model, opt_state, x, y)[0]).trace(x, y)
print(lowered.lower(lowering_platforms=("cuda",)).as_text()[:60])
