"""Point-to-point helpers for a GPU pipeline (stage i -> stage i+1)."""
import jax
from jax import lax

PIPE = "pipe"


def shift_right(x, n_stages):
    perm = [(i, i + 1) for i in range(n_stages - 1)]
    tok = lax.psend(x, PIPE, perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), PIPE, perm)
