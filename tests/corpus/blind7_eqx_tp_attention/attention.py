import equinox as eqx
import jax
import jax.numpy as jnp


class TPSelfAttention(eqx.Module):
  """Heads are split over `tp_axis`: q/k/v projections are column-parallel, the output
  projection is row-parallel and summed across the tensor-parallel group."""
  wq: eqx.nn.Linear
  wk: eqx.nn.Linear
  wv: eqx.nn.Linear
  wo: eqx.nn.Linear
  head_dim: int = eqx.field(static=True)
  tp_axis: str = eqx.field(static=True)

  def __init__(self, d_model, num_heads, tp_axis, *, key):
    kq, kk, kv, ko = jax.random.split(key, 4)
    self.wq = eqx.nn.Linear(d_model, d_model, key=kq)
    self.wk = eqx.nn.Linear(d_model, d_model, key=kk)
    self.wv = eqx.nn.Linear(d_model, d_model, key=kv)
    self.wo = eqx.nn.Linear(d_model, d_model, use_bias=False, key=ko)
    self.head_dim = d_model // num_heads
    self.tp_axis = tp_axis

  def __call__(self, x):
    t = x.shape[0]
    split = lambda a: a.reshape(t, -1, self.head_dim)
    q, k, v = (split(jax.vmap(w)(x)) for w in (self.wq, self.wk, self.wv))
    o = jax.nn.dot_product_attention(q, k, v, is_causal=True)
    y = jax.vmap(self.wo)(o.reshape(t, -1))
    return jax.lax.psum(y, self.tp_axis)


class Block(eqx.Module):
  norm: eqx.nn.LayerNorm
  attn: TPSelfAttention

  def __init__(self, d_model, num_heads, tp_axis, *, key):
    self.norm = eqx.nn.LayerNorm(d_model)
    self.attn = TPSelfAttention(d_model, num_heads, tp_axis, key=key)

  def __call__(self, x):
    return x + self.attn(jax.vmap(self.norm)(x))
