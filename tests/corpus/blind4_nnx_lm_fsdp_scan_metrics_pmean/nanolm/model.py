"""Decoder-only LM: layers created once with nnx.vmap and applied with nnx.scan + nnx.remat."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import ModelConfig
from .layers import Attention, Embedder, FeedForward


class DecoderBlock(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.pre_attn_norm = nnx.RMSNorm(cfg.embed_dim, rngs=rngs)
    self.attn = Attention(cfg, rngs=rngs)
    self.pre_ffw_norm = nnx.RMSNorm(cfg.embed_dim, rngs=rngs)
    self.mlp = FeedForward(cfg, rngs=rngs)

  def __call__(self, x, positions):
    x = x + self.attn(self.pre_attn_norm(x), positions)
    return x + self.mlp(self.pre_ffw_norm(x))


class Transformer(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.embedder = Embedder(cfg, rngs=rngs)

    @nnx.split_rngs(splits=cfg.num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def make_blocks(rngs: nnx.Rngs):
      return DecoderBlock(cfg, rngs=rngs)

    self.blocks = make_blocks(rngs)
    self.final_norm = nnx.RMSNorm(cfg.embed_dim, rngs=rngs)

  def __call__(self, tokens):
    cfg = self.cfg
    b, t = tokens.shape
    positions = jnp.broadcast_to(jnp.arange(t), (b, t))
    x = self.embedder.encode(tokens)
    x = jax.lax.with_sharding_constraint(x, P(cfg.data_axis, None, None))
    policy = getattr(jax.checkpoint_policies, cfg.remat_policy)

    @nnx.scan(in_axes=(nnx.Carry, 0, None), out_axes=nnx.Carry)
    @nnx.remat(policy=policy)
    def body(x, block, positions):
      return block(x, positions)

    x = body(x, self.blocks, positions)
    return self.embedder.decode(self.final_norm(x))
