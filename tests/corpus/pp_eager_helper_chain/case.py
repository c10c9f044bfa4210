import jax
import jax.numpy as jnp


def _send(x):
    return jax.lax.psend(x, "stage", [(0, 1), (1, 2), (2, 3)])


def _recv(tok, like):
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(like.shape, like.dtype), "stage", [(0, 1), (1, 2), (2, 3)])


def forward_one(layer_w, x):
    y = x @ layer_w
    return _recv(_send(y), y)


def forward(ws, x):
    for w in ws:
        x = forward_one(w, x)
    return x


def run(w0, w1, x):
    return forward([w0, w1], x)


ARGS = (jnp.eye(16), jnp.eye(16), jnp.ones((4, 16)))
