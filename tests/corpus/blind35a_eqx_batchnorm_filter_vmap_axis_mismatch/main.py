import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from nets.model import Model


def compute_loss(model, state, xs, ys):
    batched = eqx.filter_vmap(model, axis_name="data", in_axes=(0, None), out_axes=(0, None))
    pred_ys, state = batched(xs, state)
    return jnp.mean((pred_ys - ys) ** 2), state


model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def grad_step(params, state, xs, ys):
    loss_and_grad = eqx.filter_value_and_grad(compute_loss, has_aux=True)
    (loss, state), grads = loss_and_grad(eqx.combine(params, static), state, xs, ys)
    return loss, grads, state


xs = jnp.ones((16, 3))
ys = jnp.ones((16, 3))
lowered = jax.jit(grad_step).trace(params, state, xs, ys).lower(lowering_platforms=("cuda",))
print("lowered")
