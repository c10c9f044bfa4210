"""MNIST-style CNN with BatchNorm, trained with optax. The batched forward pass is built with
eqx.filter_vmap so that the state is broadcast and returned un-batched."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from nets import CNN

LEARNING_RATE = 3e-4
BATCH = 8


def loss(model, state, x, y):
    batched = eqx.filter_vmap(
        model, in_axes=(0, None), out_axes=(0, None), axis_name="data"
    )
    logits, state = batched(x, state)
    pred = jnp.take_along_axis(logits, jnp.expand_dims(y, 1), axis=1)
    return -jnp.mean(pred), state


optim = optax.adamw(LEARNING_RATE)


@eqx.filter_jit
def make_step(model, state, opt_state, x, y):
    (value, state), grads = eqx.filter_value_and_grad(loss, has_aux=True)(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state, value


model, state = eqx.nn.make_with_state(CNN)(jr.PRNGKey(5678))
opt_state = optim.init(eqx.filter(model, eqx.is_array))
x = jnp.zeros((BATCH, 1, 16, 16))
y = jnp.zeros((BATCH,), dtype=jnp.int32)

params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def train_step(params, state, opt_state, x, y):
    model = eqx.combine(params, static)
    model, state, opt_state, value = make_step(model, state, opt_state, x, y)
    return eqx.filter(model, eqx.is_array), state, opt_state, value


train_step.trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",))
