"""Multi-head dot-product self attention with logical sharding annotations."""
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

from .linears import DenseGeneral


class Attention(nn.Module):
  config: Any

  @nn.compact
  def __call__(self, x, decoder_segment_ids=None):
    cfg = self.config
    b, t, _ = x.shape
    h, d = cfg['num_heads'], cfg['head_dim']
    q = DenseGeneral(h * d, kernel_axes=('embed', 'heads'), name='query')(x).reshape(b, t, h, d)
    k = DenseGeneral(h * d, kernel_axes=('embed', 'heads'), name='key')(x).reshape(b, t, h, d)
    v = DenseGeneral(h * d, kernel_axes=('embed', 'heads'), name='value')(x).reshape(b, t, h, d)
    q = nn.with_logical_constraint(q, ('activation_batch', 'activation_length', 'activation_heads', None))
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(d).astype(q.dtype)
    q_pos = jnp.arange(t)
    if cfg.get('context_parallel_axis'):
      # Each context shard holds positions [rank * t, (rank + 1) * t) of the sequence.
      rank = lax.axis_index(cfg['context_parallel_axis'])
      q_pos = q_pos + rank * t
    k_pos = jnp.arange(t) + (q_pos[0] - q_pos[0] % t)
    mask = q_pos[:, None] >= k_pos[None, :]
    logits = jnp.where(mask, logits, jnp.finfo(logits.dtype).min)
    probs = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, v).reshape(b, t, h * d)
    return DenseGeneral(cfg['emb_dim'], kernel_axes=('heads', 'embed'), name='out')(out)
