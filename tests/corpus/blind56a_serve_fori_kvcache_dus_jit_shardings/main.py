import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from serving.cache import KVCache, init_cache, write

VOCAB, D_MODEL, N_HEADS, HEAD_DIM, MAX_LEN = 512, 256, 4, 64, 128

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def attend(q, cache: KVCache, pos):
  # q: [b, h, d]; cache.k: [b, t, h, d]
  scores = jnp.einsum("bhd,bthd->bht", q, cache.k.astype(q.dtype)) / np.sqrt(HEAD_DIM)
  mask = jnp.arange(MAX_LEN) <= pos
  scores = jnp.where(mask[None, None, :], scores, -1e9)
  probs = jax.nn.softmax(scores, axis=-1)
  return jnp.einsum("bht,bthd->bhd", probs, cache.v.astype(q.dtype))


def decode_step(params, cache, token, pos):
  x = params["embed"][token]                                   # [b, D]
  q = jnp.einsum("bd,dhk->bhk", x, params["wq"])
  k = jnp.einsum("bd,dhk->bhk", x, params["wk"])
  v = jnp.einsum("bd,dhk->bhk", x, params["wv"])
  cache = write(cache, k[:, None], v[:, None], pos)
  o = attend(q, cache, pos)
  h = x + jnp.einsum("bhk,hkd->bd", o, params["wo"])
  logits = h @ params["embed"].T
  return cache, jnp.argmax(logits, axis=-1).astype(jnp.int32)


def generate(params, cache, prompt_last, start_pos, n_steps):
  out = jnp.zeros((prompt_last.shape[0], MAX_LEN), jnp.int32)

  def body(i, carry):
    cache, tok, out = carry
    pos = start_pos + i
    cache, tok = decode_step(params, cache, tok, pos)
    out = lax.dynamic_update_slice(out, tok[:, None], (0, pos))
    return cache, tok, out

  cache, _, out = lax.fori_loop(0, n_steps, body, (cache, prompt_last, out))
  return cache, out


param_specs = {
    "embed": P(None, "model"),
    "wq": P(None, "model", None),
    "wk": P(None, "model", None),
    "wv": P(None, "model", None),
    "wo": P("model", None, None),
}
cache_spec = KVCache(P("data", None, "model", None), P("data", None, "model", None))

to_sharding = lambda spec: NamedSharding(mesh, spec)

generate_jit = jax.jit(
    generate,
    static_argnums=(4,),
    in_shardings=(jax.tree.map(to_sharding, param_specs),
                  jax.tree.map(to_sharding, cache_spec),
                  to_sharding(P("data")), None),
    out_shardings=(jax.tree.map(to_sharding, cache_spec), to_sharding(P("data", None))),
)

if __name__ == "__main__":
  params = {
      "embed": jax.ShapeDtypeStruct((VOCAB, D_MODEL), jnp.float32),
      "wq": jax.ShapeDtypeStruct((D_MODEL, N_HEADS, HEAD_DIM), jnp.float32),
      "wk": jax.ShapeDtypeStruct((D_MODEL, N_HEADS, HEAD_DIM), jnp.float32),
      "wv": jax.ShapeDtypeStruct((D_MODEL, N_HEADS, HEAD_DIM), jnp.float32),
      "wo": jax.ShapeDtypeStruct((N_HEADS, HEAD_DIM, D_MODEL), jnp.float32),
  }
  cache = jax.eval_shape(lambda: init_cache(8, MAX_LEN, N_HEADS, HEAD_DIM))
  prompt_last = jax.ShapeDtypeStruct((8,), jnp.int32)
  start = jax.ShapeDtypeStruct((), jnp.int32)
  generate_jit.trace(params, cache, prompt_last, start, 32).lower(lowering_platforms=("tpu",))
