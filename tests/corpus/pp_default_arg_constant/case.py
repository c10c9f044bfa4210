import jax
import jax.numpy as jnp

PIPELINE_AXIS = "pipeline"
NEXT_STAGE = tuple((i, i + 1) for i in range(3))


def pass_activations(h, axis_name=PIPELINE_AXIS, perm=NEXT_STAGE):
    token = jax.lax.psend(h, axis_name, perm)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis_name, perm)


def layer(w, h):
    return pass_activations(jnp.maximum(h @ w, 0.0))


def run(w, h):
    return layer(w, h)


ARGS = (jax.ShapeDtypeStruct((64, 64), jnp.float32), jax.ShapeDtypeStruct((4, 64), jnp.float32))
