import jax
from flax import nnx

from models.attention import HEADS_AXIS, SelfAttention


class TPSelfAttention(SelfAttention):
  """Each device owns a slice of the heads; combine the output projections."""

  def __call__(self, x):
    return jax.lax.psum(super().__call__(x), HEADS_AXIS)


class Block(nnx.Module):

  def __init__(self, cfg, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.attn = TPSelfAttention(cfg.d_model, cfg.num_heads, cfg.head_dim, rngs=rngs)

  def __call__(self, x):
    return x + self.attn(self.norm(x))
