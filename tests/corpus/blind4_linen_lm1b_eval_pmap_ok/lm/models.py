"""A small decoder-only Transformer LM (flax/examples/lm1b/models.py, trimmed)."""
import dataclasses
from typing import Any

from flax import linen as nn
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
  vocab_size: int = 64
  emb_dim: int = 32
  num_heads: int = 4
  num_layers: int = 2
  qkv_dim: int = 32
  mlp_dim: int = 64
  max_len: int = 16
  dropout_rate: float = 0.1
  deterministic: bool = False
  dtype: Any = jnp.float32


class MlpBlock(nn.Module):
  config: TransformerConfig

  @nn.compact
  def __call__(self, inputs):
    cfg = self.config
    x = nn.Dense(cfg.mlp_dim, dtype=cfg.dtype)(inputs)
    x = nn.relu(x)
    x = nn.Dropout(rate=cfg.dropout_rate)(x, deterministic=cfg.deterministic)
    return nn.Dense(inputs.shape[-1], dtype=cfg.dtype)(x)


class EncoderDecoder1DBlock(nn.Module):
  config: TransformerConfig

  @nn.compact
  def __call__(self, inputs, decoder_mask=None):
    cfg = self.config
    x = nn.LayerNorm(dtype=cfg.dtype)(inputs)
    x = nn.SelfAttention(num_heads=cfg.num_heads, dtype=cfg.dtype, qkv_features=cfg.qkv_dim,
                         dropout_rate=cfg.dropout_rate, deterministic=cfg.deterministic)(
                             x, decoder_mask)
    x = x + inputs
    z = nn.LayerNorm(dtype=cfg.dtype)(x)
    return x + MlpBlock(config=cfg)(z)


class TransformerLM(nn.Module):
  config: TransformerConfig

  @nn.compact
  def __call__(self, inputs):
    cfg = self.config
    decoder_mask = nn.make_causal_mask(inputs)
    y = nn.Embed(cfg.vocab_size, cfg.emb_dim, name='embed')(inputs.astype('int32'))
    pos = self.param('pos_embedding', nn.initializers.normal(0.02), (1, cfg.max_len, cfg.emb_dim))
    y = y + pos[:, :inputs.shape[1]]
    for lyr in range(cfg.num_layers):
      y = EncoderDecoder1DBlock(config=cfg, name=f'encoderdecoderblock_{lyr}')(y, decoder_mask)
    y = nn.LayerNorm(dtype=cfg.dtype, name='encoderdecoder_norm')(y)
    return nn.Dense(cfg.vocab_size, dtype=cfg.dtype, name='logitdense')(y)
