import dataclasses

import flax.linen as nn
import jax.numpy as jnp

from ring import ring_attention


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 32
  num_heads: int = 4
  sp_axis: str = 'sp'
  sp_size: int = 4


class RingSelfAttention(nn.Module):
  cfg: ModelConfig

  @nn.compact
  def __call__(self, x):
    cfg = self.cfg
    hd = cfg.d_model // cfg.num_heads
    qkv = nn.DenseGeneral((3, cfg.num_heads, hd), name='qkv')(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    o = ring_attention(q, k, v, axis_name=cfg.sp_axis, axis_size=cfg.sp_size)
    return nn.DenseGeneral(cfg.d_model, axis=(-2, -1), name='out')(o)


class Block(nn.Module):
  cfg: ModelConfig

  @nn.compact
  def __call__(self, x):
    x = x + RingSelfAttention(self.cfg)(nn.LayerNorm()(x))
    h = nn.Dense(4 * self.cfg.d_model)(nn.LayerNorm()(x))
    return x + nn.Dense(self.cfg.d_model)(nn.gelu(h))
