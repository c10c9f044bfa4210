import jax
import jax.numpy as jnp

import kvcache


def attend(q, k, v, pos):
  # q: [b, 1, h, d], k/v: [b, S, h, d]
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k).astype(jnp.float32) * q.shape[-1] ** -0.5
  valid = jnp.arange(k.shape[1]) <= pos
  s = jnp.where(valid[None, None, None, :], s, -1e30)
  return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1).astype(v.dtype), v)


def decode_step(params, cache, token, pos):
  x = params["embed"][token][:, None, :]
  new_cache = []
  for layer, layer_cache in zip(params["layers"], cache):
    q = jnp.einsum("btd,dhk->bthk", x, layer["wq"])
    k = jnp.einsum("btd,dhk->bthk", x, layer["wk"])
    v = jnp.einsum("btd,dhk->bthk", x, layer["wv"])
    layer_cache = kvcache.update(layer_cache, k, v, pos)
    o = attend(q, layer_cache["k"], layer_cache["v"], pos)
    x = x + jnp.einsum("bthk,hkd->btd", o, layer["wo"])
    new_cache.append(layer_cache)
  logits = x[:, 0] @ params["embed"].T
  return jnp.argmax(logits, -1), new_cache
