import jax
import jax.numpy as jnp


@jax.checkpoint
def stage_fn(w, x):
    h = jax.nn.gelu(x @ w)
    tok = jax.lax.psend(h, "stage", [(0, 1), (1, 2), (2, 3)])
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", [(0, 1), (1, 2), (2, 3)])


def run(w, x):
    return jax.lax.map(lambda xi: stage_fn(w, xi), x)


ARGS = (jax.ShapeDtypeStruct((32, 32), jnp.float32), jax.ShapeDtypeStruct((3, 8, 32), jnp.float32))
