import jax
import jax.numpy as jnp
from flax import nnx

from .rope import apply_rope, sharded_positions


class SPAttention(nnx.Module):

  def __init__(self, dim, heads, *, rngs, sp_axis='sp'):
    self.q = nnx.LinearGeneral(dim, (heads, dim // heads), rngs=rngs)
    self.kv = nnx.LinearGeneral(dim, (2, heads, dim // heads), rngs=rngs)
    self.o = nnx.LinearGeneral((heads, dim // heads), dim, axis=(-2, -1), rngs=rngs)
    self.sp_axis = sp_axis

  def __call__(self, x):  # x: [seq_local, dim]
    pos = sharded_positions(x.shape[0], self.sp_axis)
    q = apply_rope(self.q(x), pos)
    kv = self.kv(x)
    k = apply_rope(kv[:, 0], pos)
    v = kv[:, 1]
    k = jax.lax.all_gather(k, self.sp_axis, axis=0, tiled=True)
    v = jax.lax.all_gather(v, self.sp_axis, axis=0, tiled=True)
    out = jax.nn.dot_product_attention(q[None], k[None], v[None])[0]
    return self.o(out)
