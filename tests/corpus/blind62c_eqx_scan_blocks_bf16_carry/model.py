import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
  ln: eqx.nn.LayerNorm
  attn: eqx.nn.MultiheadAttention
  mlp: eqx.nn.MLP
  compute_dtype: jnp.dtype = eqx.field(static=True, default=jnp.bfloat16)

  def __init__(self, dim, heads, *, key):
    k1, k2 = jax.random.split(key)
    self.ln = eqx.nn.LayerNorm(dim)
    self.attn = eqx.nn.MultiheadAttention(heads, dim, key=k1, dtype=jnp.bfloat16)
    self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, 1, activation=jax.nn.gelu, key=k2, dtype=jnp.bfloat16)

  def __call__(self, x):
    # mixed precision: norm in fp32, everything after it in the compute dtype
    h = jax.vmap(self.ln)(x).astype(self.compute_dtype)
    x = x.astype(self.compute_dtype) + self.attn(h, h, h)
    return x + jax.vmap(self.mlp)(x)


def make_stack(n_layers, dim, heads, *, key):
  keys = jax.random.split(key, n_layers)
  return eqx.filter_vmap(lambda k: Block(dim, heads, key=k))(keys)
