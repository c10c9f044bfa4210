import jax
import jax.numpy as jnp

perm = [(1, 0), (2, 1), (3, 2)]
recv_like = jax.ShapeDtypeStruct((8, 8), jnp.float32)

backward_hop = jax.jit(lambda a: jax.lax.precv(jax.lax.psend(a, "x", perm), recv_like, "x", perm))


def run(x):
    return backward_hop(x) * 0.5


ARGS = (jax.ShapeDtypeStruct((8, 8), jnp.float32),)
