import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from models import ConvNet

DATA_AXIS = "data"

optimizer = optax.sgd(0.05, momentum=0.9)


def batched_forward(model, state, images):
    # one example per vmap lane; BatchNorm statistics are reduced across the lanes
    return eqx.filter_vmap(
        model, in_axes=(0, None), out_axes=(0, None), axis_name=DATA_AXIS
    )(images, state)


def loss_fn(model, state, images, labels):
    logits, state = batched_forward(model, state, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, state


def make_step(static):
    def train_step(params, state, opt_state, images, labels):
        model = eqx.combine(params, static)
        (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(
            model, state, images, labels)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, state, opt_state, loss
    return train_step


if __name__ == "__main__":
    model, state = eqx.nn.make_with_state(ConvNet)(16, 10, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    opt_state = optimizer.init(params)
    images = jax.ShapeDtypeStruct((32, 3, 16, 16), jnp.float32)
    labels = jax.ShapeDtypeStruct((32,), jnp.int32)
    step = jax.jit(make_step(static))
    step.trace(params, state, opt_state, images, labels).lower(lowering_platforms=("cuda",))
