import functools

import jax
from jax import lax

AXIS = "pp"


def send_recv(x, *, num_stages):
    perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
    tok = lax.psend(x, AXIS, perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), AXIS, perm)


def make_transfer(num_stages):
    return functools.partial(send_recv, num_stages=num_stages)
