"""Classic data-parallel SGD step: pmap over devices, gradients averaged with pmean."""
from functools import partial

import jax
import jax.numpy as jnp

LR = 1e-2


def loss_fn(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@partial(jax.pmap, axis_name="batch")
def update(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    grads = jax.lax.pmean(grads, axis_name="batch")
    loss = jax.lax.pmean(loss, axis_name="batch")
    params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
    return params, loss


n = jax.local_device_count()
params = {"w": jax.ShapeDtypeStruct((n, 16, 1), jnp.float32), "b": jax.ShapeDtypeStruct((n, 1), jnp.float32)}
batch = (jax.ShapeDtypeStruct((n, 32, 16), jnp.float32), jax.ShapeDtypeStruct((n, 32, 1), jnp.float32))
jax.jit(update).trace(params, batch).lower(lowering_platforms=("cuda",))
