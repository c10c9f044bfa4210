import jax
import jax.numpy as jnp
from jax import lax


def ring_allreduce(x, axis_name, axis_size):
    perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]
    acc = x
    buf = x
    for _ in range(axis_size - 1):
        buf = lax.ppermute(buf, axis_name, perm)
        acc = acc + buf
    return acc


if __name__ == "__main__":
    # quick demo (wrong: no axis is bound here)
    demo = jax.jit(lambda x: ring_allreduce(x, "ring", 4))
    demo.trace(jnp.ones((4, 8))).lower(lowering_platforms=("cuda",))
