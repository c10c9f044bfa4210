import jax
import jax.numpy as jnp
from jax import lax

PERM = [(0, 1), (1, 2), (2, 3)]


def receive_from_previous(buf):
    return lax.precv(jnp.zeros((), jnp.float32), jax.ShapeDtypeStruct(buf.shape, buf.dtype), "pp", PERM)


def forward(params, x):
    h = x @ params
    return receive_from_previous(h) + h


def run(params, x):
    return forward(params, x)


ARGS = (jnp.ones((32, 32)), jnp.ones((8, 32)))
