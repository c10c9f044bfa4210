import jax
import jax.numpy as jnp
from jax import lax

TP_AXIS = "model"


@jax.custom_vjp
def copy_to_tp(x):
    return x


def _copy_fwd(x):
    return x, None


def _copy_bwd(_, g):
    return (lax.psum(g, TP_AXIS),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)


def column_parallel_loss(params, x):
    h = copy_to_tp(x)
    for w in params:
        h = jnp.tanh(h @ w)
    return jnp.sum(h ** 2, keepdims=True)
