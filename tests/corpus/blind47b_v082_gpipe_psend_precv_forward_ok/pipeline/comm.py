import jax
from jax import lax

STAGE_AXIS = "stage"


def _fwd_perm(num_stages):
    return [(i, i + 1) for i in range(num_stages - 1)]


def send_to_next(x, num_stages):
    with jax.named_scope("pipelined_send"):
        return lax.psend(x, STAGE_AXIS, _fwd_perm(num_stages))


def recv_from_prev(token, like, num_stages):
    with jax.named_scope("pipelined_recv"):
        return lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), STAGE_AXIS, _fwd_perm(num_stages))
