import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from serve_config import ServeConfig

cfg = ServeConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def ns(spec):
  return NamedSharding(mesh, spec)


def decode_step(w, k_cache, v_cache, x, pos):
  q = jnp.einsum("bd,dhk->bhk", x, w["q"])                  # [b, Hq, k]
  k = jnp.einsum("bd,dhk->bhk", x, w["k"])                  # [b, 1, k]
  v = jnp.einsum("bd,dhk->bhk", x, w["v"])
  k_cache = jax.lax.dynamic_update_slice(k_cache, k[:, None], (0, pos, 0, 0))
  v_cache = jax.lax.dynamic_update_slice(v_cache, v[:, None], (0, pos, 0, 0))
  s = jnp.einsum("bhk,btk->bht", q, k_cache[:, :, 0]) / np.sqrt(cfg.head_dim)
  s = jnp.where(jnp.arange(cfg.max_len) <= pos, s, -1e30)
  o = jnp.einsum("bht,btk->bhk", jax.nn.softmax(s), v_cache[:, :, 0])
  return jnp.einsum("bhk,hkd->bd", o, w["o"]), k_cache, v_cache


w_sh = {"q": ns(cfg.weight_spec), "k": ns(P()), "v": ns(P()), "o": ns(P("model", None, None))}
cache_sh = ns(cfg.heads_spec)

step = jax.jit(decode_step,
               in_shardings=(w_sh, cache_sh, cache_sh, ns(P("data", None)), None),
               out_shardings=(ns(P("data", None)), cache_sh, cache_sh),
               donate_argnums=(1, 2))

if __name__ == "__main__":
  D, Hq, Hkv, K = cfg.d_model, cfg.n_q_heads, cfg.n_kv_heads, cfg.head_dim
  w = {"q": jax.ShapeDtypeStruct((D, Hq, K), jnp.bfloat16),
       "k": jax.ShapeDtypeStruct((D, Hkv, K), jnp.bfloat16),
       "v": jax.ShapeDtypeStruct((D, Hkv, K), jnp.bfloat16),
       "o": jax.ShapeDtypeStruct((Hq, K, D), jnp.bfloat16)}
  cache = jax.ShapeDtypeStruct((cfg.batch, cfg.max_len, Hkv, K), jnp.bfloat16)
  x = jax.ShapeDtypeStruct((cfg.batch, D), jnp.bfloat16)
  step.trace(w, cache, cache, x, jnp.int32(5)).lower(lowering_platforms=("tpu",))
