import jax
import jax.numpy as jnp
from jax import lax


def loss_fn(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    local = jnp.mean((pred - y) ** 2)
    return lax.pmean(local, axis_name="batch")


def run(w, b, x, y):
    return jax.value_and_grad(loss_fn)({"w": w, "b": b}, (x, y))


ARGS = (jnp.zeros((8, 1)), jnp.zeros((1,)), jnp.ones((32, 8)), jnp.ones((32, 1)))
