import equinox as eqx
import jax
import jax.numpy as jnp

from net import Model


def compute_loss(model, state, x, y):
    batch_model = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None))
    pred_y, state = batch_model(x, state)
    return jnp.mean((pred_y - y) ** 2), state


@eqx.filter_jit
def make_step(model, state, x, y):
    grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, x, y)
    return grads, state


model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
x, y = jnp.ones((16, 3)), jnp.ones((16, 1))
lower = jax.jit(lambda p, s, x, y: make_step(eqx.combine(p, static), s, x, y)[1])
print(lower.trace(params, state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
