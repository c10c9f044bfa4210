import jax
import jax.numpy as jnp

from comm import recv_prev, send_next


@jax.jit
def microbatch_step(w, x):
    y = jax.nn.relu(x @ w)
    tok = send_next(y)
    return recv_prev(tok, y)


def run(w, x):
    return microbatch_step(w, x)


ARGS = (jax.ShapeDtypeStruct((128, 128), jnp.bfloat16), jax.ShapeDtypeStruct((16, 128), jnp.bfloat16))
