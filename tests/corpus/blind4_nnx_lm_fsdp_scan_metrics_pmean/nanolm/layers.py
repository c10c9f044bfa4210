"""Transformer building blocks with sharding annotations on every parameter."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import ModelConfig

_init = nnx.initializers.lecun_normal()


def apply_rope(x: jax.Array, positions: jax.Array, max_wavelength: float) -> jax.Array:
  """Rotary position embedding on the last axis of x: [B, T, H, D]."""
  half = x.shape[-1] // 2
  freq = 1.0 / (max_wavelength ** (2 * jnp.arange(half, dtype=jnp.float32) / x.shape[-1]))
  angles = positions[..., None].astype(jnp.float32) * freq  # [B, T, half]
  sin = jnp.sin(angles)[:, :, None, :]
  cos = jnp.cos(angles)[:, :, None, :]
  x1, x2 = jnp.split(x, 2, axis=-1)
  return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1).astype(x.dtype)


class Embedder(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.table = nnx.Param(
        nnx.initializers.normal(0.02)(rngs.params(), (cfg.vocab_size, cfg.embed_dim)),
        sharding=(cfg.model_axis, None))

  def encode(self, tokens):
    return jnp.take(self.table[...], tokens, axis=0)

  def decode(self, x):
    return x @ self.table[...].T


class Attention(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    h, d, e = cfg.num_heads, cfg.head_dim, cfg.embed_dim
    self.q = nnx.Param(_init(rngs.params(), (e, h, d)), sharding=(None, cfg.model_axis, None))
    self.kv = nnx.Param(_init(rngs.params(), (2, e, h, d)),
                        sharding=(None, None, cfg.model_axis, None))
    self.o = nnx.Param(_init(rngs.params(), (h, d, e)), sharding=(cfg.model_axis, None, None))

  def __call__(self, x, positions):
    cfg = self.cfg
    q = jnp.einsum('bte,ehd->bthd', x, self.q[...])
    k, v = jnp.einsum('bte,kehd->kbthd', x, self.kv[...])
    q = apply_rope(q, positions, cfg.rope_max_wavelength)
    k = apply_rope(k, positions, cfg.rope_max_wavelength)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) * cfg.head_dim ** -0.5
    t = x.shape[1]
    mask = jnp.tril(jnp.ones((t, t), dtype=bool))
    logits = jnp.where(mask, logits, jnp.finfo(logits.dtype).min)
    probs = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, v)
    out = jax.lax.with_sharding_constraint(out, P(cfg.data_axis, None, cfg.model_axis, None))
    return jnp.einsum('bthd,hde->bte', out, self.o[...])


class FeedForward(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    kinit = nnx.with_partitioning(_init, (None, cfg.model_axis))
    self.gate = nnx.Linear(cfg.embed_dim, cfg.mlp_dim, use_bias=False, kernel_init=kinit, rngs=rngs)
    self.up = nnx.Linear(cfg.embed_dim, cfg.mlp_dim, use_bias=False, kernel_init=kinit, rngs=rngs)
    self.down = nnx.Linear(cfg.mlp_dim, cfg.embed_dim, use_bias=False,
                           kernel_init=nnx.with_partitioning(_init, (cfg.model_axis, None)),
                           rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.silu(self.gate(x)) * self.up(x))
