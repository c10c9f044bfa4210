import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

# weight layouts; K/V projections are tiny for GQA-style models so we keep them whole
PARAM_SPECS = {
    "wq": P(None, "model", None),
    "wk": P(None, None, None),
    "wv": P(None, None, None),
    "wo": P("model", None, None),
}
CACHE_SPEC = P("data", None, "model", None)     # [batch, time, heads, head_dim]


def attend_and_cache(p, x, k_cache, v_cache, t):
  q = jnp.einsum("bd,dhk->bhk", x, p["wq"])
  k = jnp.einsum("bd,dhk->bhk", x, p["wk"])
  v = jnp.einsum("bd,dhk->bhk", x, p["wv"])
  k_cache = lax.dynamic_update_slice(k_cache, k[:, None], (0, t, 0, 0))
  v_cache = lax.dynamic_update_slice(v_cache, v[:, None], (0, t, 0, 0))
  s = jnp.einsum("bhk,bthk->bht", q, k_cache)
  s = jnp.where(jnp.arange(k_cache.shape[1]) <= t, s, -1e9)
  o = jnp.einsum("bht,bthk->bhk", jax.nn.softmax(s, axis=-1), v_cache)
  return jnp.einsum("bhk,hkd->bd", o, p["wo"]), k_cache, v_cache
