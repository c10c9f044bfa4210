import jax
from jax import lax as L


def send_forward(y, axis_name, num_stages):
    """Send this stage's activations to the next stage, receive the previous stage's."""
    perm = [(i, i + 1) for i in range(num_stages - 1)]
    tok = L.psend(y, axis_name, perm)
    return L.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), axis_name, perm)
