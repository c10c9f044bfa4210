import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = "stage"


def forward_perm(num_stages):
    return [(i, i + 1) for i in range(num_stages - 1)]


def send_recv(x, perm):
    """Send the activations to the next stage and receive from the previous one."""
    token = lax.psend(x, STAGE_AXIS, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGE_AXIS, perm)


def run_pipeline(weights, x, num_stages):
    perm = forward_perm(num_stages)
    w = weights[0]

    def body(i, h):
        h = jnp.tanh(h @ w)
        return send_recv(h, perm)

    return lax.fori_loop(0, num_stages, body, x)
