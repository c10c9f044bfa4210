"""Ring rotation until a convergence flag: ppermute inside lax.while_loop, jitted only."""
import jax
import jax.numpy as jnp

N = 4
RIGHT = [(i, (i + 1) % N) for i in range(N)]


def rotate_until(x, tol):
    def cond(state):
        i, buf = state
        return (i < N) & (jnp.max(jnp.abs(buf)) > tol)

    def body(state):
        i, buf = state
        return i + 1, jax.lax.ppermute(buf, "ring", RIGHT) * 0.5

    _, out = jax.lax.while_loop(cond, body, (0, x))
    return out


jax.jit(rotate_until).trace(jax.ShapeDtypeStruct((16,), jnp.float32), 1e-3).lower(lowering_platforms=("cuda",))
