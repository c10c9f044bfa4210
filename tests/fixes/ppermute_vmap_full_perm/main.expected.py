import jax
import jax.numpy as jnp
from jax.lax import ppermute, axis_index

STAGES = 4
FORWARD = [(i, i + 1) for i in range(STAGES - 1)]


def stage(w, x):
    h = jnp.tanh(x @ w)
    return jnp.where(jnp.array([False, True, True, True])[axis_index("stage")], ppermute(h, "stage", [(0, 1), (1, 2), (2, 3), (3, 0)]), 0)


if __name__ == "__main__":
    w = jnp.ones((STAGES, 16, 16))
    x = jnp.ones((STAGES, 2, 16))
    jax.jit(jax.vmap(stage, axis_name="stage")).trace(w, x).lower(lowering_platforms=("cuda",))
