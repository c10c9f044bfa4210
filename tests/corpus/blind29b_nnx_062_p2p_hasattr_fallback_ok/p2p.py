"""Send to the next stage: psend/precv where this JAX has them, ppermute otherwise."""
import jax
from jax import lax

HAS_SEND_RECV = hasattr(lax, "psend") and hasattr(lax, "precv")


def send_to_next(x, axis_name, num_stages):
    perm = [(i, i + 1) for i in range(num_stages - 1)]
    if HAS_SEND_RECV:
        tok = lax.psend(x, axis_name, perm)
        return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
    return lax.ppermute(x, axis_name, perm)
