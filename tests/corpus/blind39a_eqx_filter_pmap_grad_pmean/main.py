import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

n_dev = jax.local_device_count()
model = eqx.nn.MLP(4, 1, 32, 2, key=jr.key(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_pmap(axis_name="devices", in_axes=(None, None, 0, 0), out_axes=None)
def make_step(model, opt_state, x, y):
    @eqx.filter_value_and_grad
    def loss(model, x, y):
        return jnp.mean((jax.vmap(model)(x) - y) ** 2)

    l, grads = loss(model, x, y)
    grads = jax.lax.pmean(grads, "devices")
    l = jax.lax.pmean(l, "devices")
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, l


x = jnp.ones((n_dev, 8, 4))
y = jnp.ones((n_dev, 8, 1))
params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    m, s, l = make_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(m, eqx.is_array), s, l


print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])
