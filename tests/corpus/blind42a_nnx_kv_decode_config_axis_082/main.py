"""Single-token decode against a KV cache split along the sequence over devices
(flash-decoding style): each shard scores its slice, a pmax/psum log-sum-exp combines them."""
import dataclasses
import math

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DecodeConfig:
  d_model: int = 64
  heads: int = 4
  max_len: int = 32
  seq_axis: str = 'kv_seq'   # renamed for the 2-D (batch, kv_seq) layout


class DecodeAttention(nnx.Module):

  def __init__(self, cfg: DecodeConfig, *, rngs):
    self.cfg = cfg
    self.q_proj = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)
    self.out_proj = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)

  def __call__(self, x, k_cache, v_cache, pos):
    cfg = self.cfg
    b = x.shape[0]
    dh = cfg.d_model // cfg.heads
    q = self.q_proj(x).reshape(b, cfg.heads, dh)
    s_local = k_cache.shape[1]
    offset = lax.axis_index(cfg.seq_axis) * s_local
    positions = offset + jnp.arange(s_local)
    scores = jnp.einsum('bhd,bshd->bhs', q, k_cache) / math.sqrt(dh)
    scores = jnp.where(positions[None, None, :] <= pos, scores, -1e30)
    m = lax.pmax(scores.max(axis=-1), cfg.seq_axis)
    p = jnp.exp(scores - m[..., None])
    denom = lax.psum(p.sum(axis=-1), cfg.seq_axis)
    o = lax.psum(jnp.einsum('bhs,bshd->bhd', p, v_cache), cfg.seq_axis)
    return self.out_proj((o / denom[..., None]).reshape(b, cfg.d_model))


cfg = DecodeConfig()
mesh = Mesh(np.array(jax.devices()), ('seq',))
model = DecodeAttention(cfg, rngs=nnx.Rngs(0))


@nnx.jit
def decode_step(model, x, k_cache, v_cache, pos):
  attend = nnx.shard_map(
      lambda m, x, k, v, pos: m(x, k, v, pos), mesh=mesh,
      in_specs=(P(), P(), P(None, 'seq'), P(None, 'seq'), P()),
      out_specs=P())
  return attend(model, x, k_cache, v_cache, pos)


dh = cfg.d_model // cfg.heads
x = jnp.ones((2, cfg.d_model))
k = jnp.zeros((2, cfg.max_len, cfg.heads, dh))
v = jnp.zeros((2, cfg.max_len, cfg.heads, dh))
decode_step.trace(model, x, k, v, jnp.int32(5)).lower(lowering_platforms=('cuda',))
print('decode lowered')
