import flax.linen as nn
import jax
import jax.numpy as jnp

from .base import TensorParallel
from .config import TPConfig


class RowParallelDense(TensorParallel):
  features: int = 0

  @nn.compact
  def __call__(self, x):
    return self.all_reduce(nn.Dense(self.features, use_bias=False)(x))


class ParallelMLP(nn.Module):
  cfg: TPConfig

  @nn.compact
  def __call__(self, x):
    hidden = self.cfg.dim * self.cfg.mlp_ratio
    h = nn.gelu(nn.Dense(hidden // 2)(x))  # local column shard (2-way TP)
    return RowParallelDense(features=self.cfg.dim, axis_name=self.cfg.tp_axis)(h)


class ParallelAttention(nn.Module):
  cfg: TPConfig

  @nn.compact
  def __call__(self, x):
    local_heads = self.cfg.heads // 2
    head_dim = self.cfg.dim // self.cfg.heads
    qkv = nn.DenseGeneral((3, local_heads, head_dim))(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(head_dim), axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", w, v).reshape(x.shape[0], x.shape[1], -1)
    return RowParallelDense(features=self.cfg.dim)(o)


class TPBlock(nn.Module):
  cfg: TPConfig

  @nn.compact
  def __call__(self, x):
    x = x + ParallelAttention(self.cfg)(nn.LayerNorm()(x))
    return x + ParallelMLP(self.cfg)(nn.LayerNorm()(x))
