import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from net import Model

model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(1e-3)
per_example = functools.partial(eqx.filter_vmap, axis_name="data", in_axes=(0, None), out_axes=(0, None))
opt_state = optim.init(params)


def compute_loss(params, state, xs, ys):
    model = eqx.combine(params, static)
    batch_model = per_example(model)
    pred, state = batch_model(xs, state)
    return jnp.mean((pred - ys) ** 2), state


@jax.jit
def train_step(params, state, opt_state, xs, ys):
    grads, state = jax.grad(compute_loss, has_aux=True)(params, state, xs, ys)
    updates, opt_state = optim.update(grads, opt_state)
    return optax.apply_updates(params, updates), state, opt_state


xs, ys = jnp.ones((64, 3)), jnp.zeros((64, 3))
print(train_step.trace(params, state, opt_state, xs, ys).lower(lowering_platforms=("cuda",)).as_text()[:20])
