import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map as smap


def ring(v):
    return jax.lax.ppermute(v, "x", [(0, 1), (1, 0)])


out = ring(jnp.ones(4))
