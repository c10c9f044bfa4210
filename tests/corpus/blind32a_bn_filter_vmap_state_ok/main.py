import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from layers import ConvNet

model, state = eqx.nn.make_with_state(ConvNet)(jax.random.key(0))
opt = optax.adam(1e-3)
opt_state = opt.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, state, x, y):
    batch_model = eqx.filter_vmap(
        model, axis_name="batch", in_axes=(0, None), out_axes=(0, None)
    )
    logits, state = batch_model(x, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, x, y):
    grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, x, y)
    updates, opt_state = opt.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state


x = jnp.zeros((8, 3, 16, 16))
y = jnp.zeros((8,), jnp.int32)
params, static = eqx.partition(model, eqx.is_array)


def step(params, state, opt_state, x, y):
    model, state, opt_state = make_step(eqx.combine(params, static), state, opt_state, x, y)
    return eqx.filter(model, eqx.is_array), state, opt_state


print(jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",)) is not None)
