"""A small decoder-only language model in Flax NNX, after the lm1b example."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(unsafe_hash=True)
class TransformerConfig:
  vocab_size: int = 512
  emb_dim: int = 64
  num_heads: int = 4
  num_layers: int = 2
  qkv_dim: int = 64
  mlp_dim: int = 128
  max_len: int = 32
  dropout_rate: float = 0.1


class MlpBlock(nnx.Module):
  def __init__(self, config: TransformerConfig, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(config.emb_dim, config.mlp_dim, rngs=rngs)
    self.linear2 = nnx.Linear(config.mlp_dim, config.emb_dim, rngs=rngs)
    self.dropout = nnx.Dropout(config.dropout_rate, rngs=rngs)

  def __call__(self, x):
    return self.dropout(self.linear2(nnx.relu(self.linear1(x))))


class DecoderBlock(nnx.Module):
  def __init__(self, config: TransformerConfig, *, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(config.emb_dim, rngs=rngs)
    self.attention = nnx.MultiHeadAttention(
        num_heads=config.num_heads, in_features=config.emb_dim, qkv_features=config.qkv_dim,
        dropout_rate=config.dropout_rate, decode=False, deterministic=False, rngs=rngs)
    self.ln2 = nnx.LayerNorm(config.emb_dim, rngs=rngs)
    self.mlp = MlpBlock(config, rngs=rngs)

  def __call__(self, x, mask):
    x = x + self.attention(self.ln1(x), mask=mask)
    return x + self.mlp(self.ln2(x))


class TransformerLM(nnx.Module):
  def __init__(self, config: TransformerConfig, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(config.vocab_size, config.emb_dim, rngs=rngs)
    self.pos = nnx.Param(jax.random.normal(rngs.params(), (config.max_len, config.emb_dim)) * 0.02)
    self.blocks = nnx.List([DecoderBlock(config, rngs=rngs) for _ in range(config.num_layers)])
    self.ln = nnx.LayerNorm(config.emb_dim, rngs=rngs)

  def __call__(self, inputs):
    length = inputs.shape[1]
    x = self.embed(inputs) + self.pos[:length]
    mask = nnx.make_causal_mask(inputs)
    for block in self.blocks:
      x = block(x, mask)
    return self.embed.attend(self.ln(x))
