"""The backward all-reduce is never traced when only the forward pass runs."""
import jax
import jax.numpy as jnp

TP = "model"


@jax.custom_vjp
def copy_to_tp(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (jax.lax.psum(g, TP),)


copy_to_tp.defvjp(_fwd, _bwd)


def run(x, w1):
    return jax.nn.gelu(copy_to_tp(x) @ w1)


ARGS = (jax.ShapeDtypeStruct((4, 16), jnp.float32), jax.ShapeDtypeStruct((16, 64), jnp.float32))
