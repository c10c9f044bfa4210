import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from model import ConvNet

BATCH_AXIS = "batch"


def compute_loss(model, state, xs, ys):
    batch_model = eqx.filter_vmap(
        model, axis_name=BATCH_AXIS, in_axes=(0, None), out_axes=(0, None)
    )
    logits, state = batch_model(xs, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys).mean()
    return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
    (loss, state), grads = eqx.filter_value_and_grad(compute_loss, has_aux=True)(
        model, state, xs, ys
    )
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state, loss


model, state = eqx.nn.make_with_state(ConvNet)(8, 10, BATCH_AXIS, jr.PRNGKey(0))
optim = optax.sgd(1e-2, momentum=0.9)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

xs = jnp.zeros((4, 1, 8, 8))
ys = jnp.zeros((4,), jnp.int32)
make_step.lower(model, state, opt_state, xs, ys)
