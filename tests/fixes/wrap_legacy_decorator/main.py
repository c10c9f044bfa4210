import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


# the step function
@jax.jit
def step(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


if __name__ == "__main__":
    step.trace(jax.ShapeDtypeStruct((8, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
