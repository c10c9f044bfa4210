import equinox as eqx
import jax
import jax.numpy as jnp


class MHA(eqx.Module):
  qkv: eqx.nn.Linear
  out: eqx.nn.Linear
  local_heads: int = eqx.field(static=True)
  head_dim: int = eqx.field(static=True)

  def __init__(self, cfg, mesh, key):
    k1, k2 = jax.random.split(key)
    self.qkv = eqx.nn.Linear(cfg.hidden, 3 * cfg.hidden, use_bias=False, key=k1)
    self.out = eqx.nn.Linear(cfg.hidden, cfg.hidden, use_bias=False, key=k2)
    self.local_heads = cfg.num_heads // mesh.shape[cfg.tp_axis]
    self.head_dim = cfg.hidden // cfg.num_heads

  def __call__(self, x):
    s = x.shape[0]
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
    q, k, v = (t.reshape(s, -1, self.head_dim) for t in (q, k, v))
    o = jax.nn.dot_product_attention(q, k, v)
    return jax.vmap(self.out)(o.reshape(s, -1))
