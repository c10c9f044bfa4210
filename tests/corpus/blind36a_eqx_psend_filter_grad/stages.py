import functools

import jax
from jax import lax

AXIS = "stage"
N_STAGES = 4
PERM = [(s, s + 1) for s in range(N_STAGES - 1)]


def handoff(h):
    tok = lax.psend(h, AXIS, PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), AXIS, PERM)


def stage_apply(model, xs):
    def body(i, h):
        return handoff(jax.vmap(model)(h))
    return lax.fori_loop(0, N_STAGES, body, xs)
