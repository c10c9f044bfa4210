import jax
from jax.lax import precv, psend

RING = [(0, 1), (1, 2), (2, 3), (3, 0)]


def rotate(v):
    tok = psend(v, "x", RING)  # to the next stage
    out = precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), axis_name="x", perm=RING)
    return out * 2
