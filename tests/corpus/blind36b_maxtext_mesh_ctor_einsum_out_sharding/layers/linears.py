import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mlp_block(x, wi_0, wi_1, wo):
    gate = jnp.einsum("bse,em->bsm", x, wi_0)
    up = jnp.einsum("bse,em->bsm", x, wi_1)
    h = jnp.asarray(gate * (up / (1 + jnp.exp(-up))), x.dtype)
    return jnp.einsum("bsm,me->bse", h, wo, out_sharding=P("data", None, None))
