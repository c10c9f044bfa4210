import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

NUM_HEADS = 4


def split_heads(x, num_heads=NUM_HEADS):
    b, t, d = x.shape
    x = x.reshape(b, t, num_heads, d // num_heads)
    return x.transpose(0, 2, 1, 3)  # (B, H, T, Dh)


def merge_heads(x):
    b, h, t, dh = x.shape
    # (B, H, T, Dh) -> (B, T, H*Dh)
    return x.reshape(b, t, h * dh)


def mha(params, x):
    q = split_heads(jnp.einsum("btd,de->bte", x, params["wq"]))
    k = split_heads(jnp.einsum("btd,de->bte", x, params["wk"]))
    v = split_heads(jnp.einsum("btd,de->bte", x, params["wv"]))
    logits = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    probs = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum("bhqk,bhkd->bhqd", probs, v)
    out = merge_heads(out)
    return jnp.einsum("bte,ed->btd", out, params["wo"], out_sharding=P("data", None, None))
