import jax
import jax.numpy as jnp
from jax.lax import precv, psend

STAGES = 4
FORWARD = [(i, i + 1) for i in range(STAGES - 1)]


def stage(w, x):
    h = jnp.tanh(x @ w)
    token = psend(h, "stage", FORWARD)  # to the next stage
    return precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FORWARD)


if __name__ == "__main__":
    w = jnp.ones((STAGES, 16, 16))
    x = jnp.ones((STAGES, 2, 16))
    jax.jit(jax.vmap(stage, axis_name="stage")).trace(w, x).lower(lowering_platforms=("cuda",))
