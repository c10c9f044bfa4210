import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mha(x, wq, wk, wv, wo):
    # x: [B, T, D] sharded over data; heads sharded over model
    q = jnp.einsum("btd,dhk->bthk", x, wq, out_sharding=P("data", None, "model", None))
    k = jnp.einsum("btd,dhk->bthk", x, wk, out_sharding=P("data", None, "model", None))
    v = jnp.einsum("btd,dhk->bthk", x, wv, out_sharding=P("data", None, "model", None))
    s = jnp.einsum("bthk,bshk->bhts", q, k) / jnp.sqrt(q.shape[-1])
    a = jax.nn.softmax(s, axis=-1)
    o = jnp.einsum("bhts,bshk->bthk", a, v)
    return jnp.einsum("bthk,hkd->btd", o, wo, out_sharding=P("data", None, None))
