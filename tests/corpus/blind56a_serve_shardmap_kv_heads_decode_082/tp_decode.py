import jax
import jax.numpy as jnp
from jax import lax

TP = "model"


def local_attention_step(w, x, kc, vc, t):
  """Everything here is per device: w["q"] etc. hold this shard's heads."""
  q = jnp.einsum("bd,dhk->bhk", x, w["q"])
  k = jnp.einsum("bd,dhk->bhk", x, w["k"])
  v = jnp.einsum("bd,dhk->bhk", x, w["v"])
  kc = lax.dynamic_update_slice(kc, k[:, None].astype(kc.dtype), (0, t, 0, 0))
  vc = lax.dynamic_update_slice(vc, v[:, None].astype(vc.dtype), (0, t, 0, 0))
  s = jnp.einsum("bhk,bthk->bht", q, kc.astype(q.dtype)) * (q.shape[-1] ** -0.5)
  s = jnp.where(jnp.arange(kc.shape[1])[None, None] <= t, s, -jnp.inf)
  o = jnp.einsum("bht,bthk->bhk", jax.nn.softmax(s, -1), vc.astype(q.dtype))
  partial_out = jnp.einsum("bhk,hkd->bd", o, w["o"])
  return lax.psum(partial_out, TP), kc, vc


def decode_loop(w, x, kc, vc, start, n):
  def body(i, carry):
    x, kc, vc = carry
    y, kc, vc = local_attention_step(w, x, kc, vc, start + i)
    return x + y, kc, vc
  return lax.fori_loop(0, n, body, (x, kc, vc))
