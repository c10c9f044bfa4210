import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqParallelAttention(nn.Module):
  num_heads: int
  head_dim: int
  seq_axis: str = 'sp'

  def setup(self):
    feats = (self.num_heads, self.head_dim)
    self.q_proj = nn.DenseGeneral(feats, use_bias=False)
    self.k_proj = nn.DenseGeneral(feats, use_bias=False)
    self.v_proj = nn.DenseGeneral(feats, use_bias=False)
    self.o_proj = nn.DenseGeneral(self.num_heads * self.head_dim, axis=(-2, -1), use_bias=False)

  def __call__(self, x):
    # x: [batch, local_seq, d_model]
    q = self.q_proj(x)
    k = jax.lax.all_gather(self.k_proj(x), self.seq_axis, axis=1, tiled=True)
    v = jax.lax.all_gather(self.v_proj(x), self.seq_axis, axis=1, tiled=True)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(q.dtype)
    weights = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', weights, v)
    return self.o_proj(out)
