"""Attention and feed-forward blocks. Heads and hidden units are split over the tensor axis;
each block's output projection leaves partial sums that are reduced over that axis."""
import jax
import jax.numpy as jnp
from flax import nnx

from .layers import Einsum, RMSNorm


class Attention(nnx.Module):
  def __init__(self, cfg, *, rngs: nnx.Rngs):
    self.cfg = cfg
    tp = cfg.tp_axis
    self.q_einsum = Einsum((cfg.num_heads, cfg.embed_dim, cfg.head_dim), (tp, None, None), rngs=rngs)
    self.kv_einsum = Einsum((2, cfg.num_heads, cfg.embed_dim, cfg.head_dim), (None, tp, None, None),
                            rngs=rngs)
    self.attn_vec_einsum = Einsum((cfg.num_heads, cfg.head_dim, cfg.embed_dim), (tp, None, None),
                                  rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    q = self.q_einsum('BTD,NDH->BTNH', x)
    k, v = self.kv_einsum('BSD,CNDH->CBSNH', x)
    logits = jnp.einsum('BTNH,BSNH->BNTS', q, k) * self.cfg.head_dim ** -0.5
    t = x.shape[1]
    mask = jnp.tril(jnp.ones((t, t), dtype=bool))
    probs = jax.nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
    encoded = jnp.einsum('BNTS,BSNH->BTNH', probs, v)
    partial = self.attn_vec_einsum('BTNH,NHD->BTD', encoded)
    return jax.lax.psum(partial, self.cfg.tp_axis)


class FeedForward(nnx.Module):
  def __init__(self, cfg, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.gating_einsum = Einsum((2, cfg.embed_dim, cfg.hidden_dim), (None, None, cfg.tp_axis), rngs=rngs)
    self.linear = Einsum((cfg.hidden_dim, cfg.embed_dim), (cfg.tp_axis, None), rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    gate, up = self.gating_einsum('BTD,CDF->CBTF', x)
    partial = self.linear('BTF,FD->BTD', jax.nn.gelu(gate) * up)
    return jax.lax.psum(partial, self.cfg.tp_axis)


class Block(nnx.Module):
  def __init__(self, cfg, *, rngs: nnx.Rngs):
    self.pre_attention_norm = RMSNorm(cfg.embed_dim, rngs=rngs)
    self.attn = Attention(cfg, rngs=rngs)
    self.pre_ffw_norm = RMSNorm(cfg.embed_dim, rngs=rngs)
    self.mlp = FeedForward(cfg, rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    x = x + self.attn(self.pre_attention_norm(x))
    return x + self.mlp(self.pre_ffw_norm(x))
