import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

import dist


def loss_fn(model, x, y):
    logits = jax.vmap(model)(x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def step(model, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = dist.all_reduce_mean(grads)
    return loss, grads


p_step = eqx.filter_pmap(step, axis_name="i", in_axes=(None, 0, 0))

model = eqx.nn.MLP(8, 10, 32, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((4, 2, 8))
y = jnp.ones((4, 2, 10))


def outer(params, x, y):
    return p_step(eqx.combine(params, static), x, y)


jax.jit(outer).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
