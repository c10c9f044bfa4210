import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def attend_step(params, x, k_cache, v_cache, pos):
  """One decoding step. x: [B, D]; caches: [B, S, H, Dh] split over data and heads."""
  q = jnp.einsum('bd,dhk->bhk', x, params['wq'])
  k = jnp.einsum('bd,dhk->bhk', x, params['wk'])
  v = jnp.einsum('bd,dhk->bhk', x, params['wv'])
  k_cache = jax.lax.dynamic_update_slice_in_dim(k_cache, k[:, None], pos, axis=1)
  v_cache = jax.lax.dynamic_update_slice_in_dim(v_cache, v[:, None], pos, axis=1)
  # pin the cache layout after the update (copied from the pjit-era decoder)
  k_cache = jax.lax.with_sharding_constraint(k_cache, P('data', None, None, None))
  v_cache = jax.lax.with_sharding_constraint(v_cache, P('data', None, None, None))
  s = jnp.einsum('bhk,bshk->bhs', q, k_cache)
  s = jnp.where(jnp.arange(k_cache.shape[1]) <= pos, s, -1e9)
  o = jnp.einsum('bhs,bshk->bhk', jax.nn.softmax(s, -1), v_cache)
  out = jnp.einsum('bhk,hkd->bd', o, params['wo'], out_sharding=P('data', None))
  return out, k_cache, v_cache


def decode(params, x0, k_cache, v_cache, steps):
  def body(pos, carry):
    x, kc, vc = carry
    y, kc, vc = attend_step(params, x, kc, vc, pos)
    return x + y, kc, vc
  return jax.lax.fori_loop(0, steps, body, (x0, k_cache, v_cache))
