import jax
from jax import lax


def send_forward(x, axis_name, n_stages):
    perm = [(i, i + 1) for i in range(n_stages - 1)]
    tok = lax.psend(x, axis_name, perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
