from jax import lax
import jax


def exchange_halo(x, axis):
    right = [(0, 1), (1, 2), (2, 3)]
    tok = lax.psend(x[-1:], axis, right)
    return lax.precv(tok, jax.ShapeDtypeStruct(x[-1:].shape, x.dtype), axis, right)
