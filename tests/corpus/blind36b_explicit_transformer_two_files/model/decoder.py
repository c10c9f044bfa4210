import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

VOCAB, D, HEADS, HD, FF = 256, 64, 4, 16, 256

ACT = P("data", None, None)  # [batch, seq, d]


def init(key):
    ks = jax.random.split(key, 6)
    n = lambda k, shape, spec: jax.random.normal(k, shape, out_sharding=spec) * 0.02
    return {
        "embed": n(ks[0], (VOCAB, D), P(None, "model")),
        "wq": n(ks[1], (D, HEADS, HD), P(None, "model", None)),
        "wkv": n(ks[2], (2, D, HEADS, HD), P(None, None, "model", None)),
        "wo": n(ks[3], (HEADS, HD, D), P("model", None, None)),
        "w_up": n(ks[4], (D, FF), P(None, "model")),
        "w_down": n(ks[5], (FF, D), P("model", None)),
    }


def embed(params, tokens):
    return params["embed"].at[tokens].get(out_sharding=ACT)


def attention(params, x):
    q = jnp.einsum("btd,dhk->bthk", x, params["wq"])
    k, v = jnp.einsum("btd,cdhk->cbthk", x, params["wkv"])
    s = jnp.einsum("bthk,bshk->bhts", q, k) / jnp.sqrt(HD)
    mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
    s = jnp.where(mask, s, -1e9)
    o = jnp.einsum("bhts,bshk->bthk", jax.nn.softmax(s, axis=-1), v)
    return jnp.einsum("bthk,hkd->btd", o, params["wo"], out_sharding=ACT)


def mlp(params, x):
    h = jax.nn.gelu(jnp.einsum("btd,df->btf", x, params["w_up"]))
    return jnp.einsum("btf,fd->btd", h, params["w_down"], out_sharding=ACT)


def forward(params, tokens):
    x = embed(params, tokens)
    x = x + attention(params, x)
    x = x + mlp(params, x)
    return jnp.einsum("btd,vd->btv", x, params["embed"], out_sharding=P("data", None, None))
