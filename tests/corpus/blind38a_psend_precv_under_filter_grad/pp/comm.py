import jax
from jax import lax

PP = "pp"


def forward_perm(n):
    return [(i, i + 1) for i in range(n - 1)]


def handoff(h, n_stages):
    """Send activations to the next pipeline stage and receive the previous stage's."""
    perm = forward_perm(n_stages)
    token = lax.psend(h, PP, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), PP, perm)
