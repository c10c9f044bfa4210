import jax
from jax import lax

STAGE = "stage"


def send_to_next(x, n):
    perm = [(i, (i + 1) % n) for i in range(n)]
    token = lax.psend(x, STAGE, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGE, perm)
