import equinox as eqx
import jax
import jax.numpy as jnp
import optax

key = jax.random.PRNGKey(0)
model = eqx.nn.MLP(4, 1, 32, 2, key=key)
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_pmap(axis_name="dp", in_axes=(None, None, 0, 0))
def make_step(model, opt_state, x, y):
    loss, grads = loss_fn(model, x, y)
    grads = jax.lax.pmean(grads, "dp")
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    model = eqx.apply_updates(model, updates)
    return jax.lax.pmean(loss, "dp"), model, opt_state


params, static = eqx.partition(model, eqx.is_inexact_array)


@jax.jit
def step(params, opt_state, x, y):
    loss, model, opt_state = make_step(eqx.combine(params, static), opt_state, x, y)
    return loss, eqx.filter(model, eqx.is_inexact_array), opt_state


x = jnp.ones((4, 8, 4))
y = jnp.ones((4, 8, 1))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
