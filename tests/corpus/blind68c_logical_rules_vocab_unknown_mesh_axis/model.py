import jax
import jax.numpy as jnp

from sharding import shard

PARAM_AXES = {
    "tok_embed": ("vocab", "embed"),
    "wq": ("embed", "heads", "kv"),
    "wk": ("embed", "heads", "kv"),
    "wv": ("embed", "heads", "kv"),
    "wo": ("heads", "kv", "embed"),
    "w_in": ("embed", "mlp"),
    "w_out": ("mlp", "embed"),
    "unembed": ("embed", "vocab"),
}


def init_params(key, *, vocab, d_model, n_heads, d_ff, dtype=jnp.float32):
  hd = d_model // n_heads
  shapes = {
      "tok_embed": (vocab, d_model),
      "wq": (d_model, n_heads, hd),
      "wk": (d_model, n_heads, hd),
      "wv": (d_model, n_heads, hd),
      "wo": (n_heads, hd, d_model),
      "w_in": (d_model, d_ff),
      "w_out": (d_ff, d_model),
      "unembed": (d_model, vocab),
  }
  keys = jax.random.split(key, len(shapes))
  return {name: (jax.random.normal(k, shp, dtype) * 0.02)
          for k, (name, shp) in zip(keys, shapes.items())}


def forward(params, tokens, mesh):
  x = params["tok_embed"][tokens]
  x = shard(x, ("batch", "length", "embed"), mesh)

  q = jnp.einsum("bld,dhk->blhk", x, params["wq"])
  k = jnp.einsum("bld,dhk->blhk", x, params["wk"])
  v = jnp.einsum("bld,dhk->blhk", x, params["wv"])
  q = shard(q, ("batch", "length", "heads", "kv"), mesh)
  s = jnp.einsum("bqhk,bshk->bhqs", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  mask = jnp.tril(jnp.ones((tokens.shape[1], tokens.shape[1]), bool))
  s = jnp.where(mask, s, -1e9)
  o = jnp.einsum("bhqs,bshk->bqhk", jax.nn.softmax(s, axis=-1), v)
  x = x + jnp.einsum("blhk,hkd->bld", o, params["wo"])

  h = jax.nn.gelu(jnp.einsum("bld,df->blf", x, params["w_in"]))
  h = shard(h, ("batch", "length", "mlp"), mesh)
  x = x + jnp.einsum("blf,fd->bld", h, params["w_out"])

  logits = jnp.einsum("bld,dv->blv", x, params["unembed"])
  return shard(logits, ("batch", "length", "vocab"), mesh)
