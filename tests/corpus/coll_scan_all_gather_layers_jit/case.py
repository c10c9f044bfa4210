import jax
import jax.numpy as jnp
from jax import lax


def layer(h, w):
    out = lax.all_gather(h @ w, "tp", axis=1, tiled=True)
    return jax.nn.relu(out), None


def run(h, ws):
    h, _ = lax.scan(layer, h, ws)
    return h


ARGS = (jax.ShapeDtypeStruct((8, 32), jnp.float32), jax.ShapeDtypeStruct((3, 32, 32), jnp.float32))
