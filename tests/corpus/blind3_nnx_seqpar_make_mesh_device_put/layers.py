"""A decoder block for sequence parallelism: each device holds a chunk of the sequence; queries
stay local, keys and values are all-gathered over the sequence axis before attention."""
import jax
import jax.numpy as jnp
from flax import nnx

from config import ModelConfig


class SeqParallelBlock(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.ln1 = nnx.LayerNorm(cfg.embed_dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(
        num_heads=cfg.num_heads, in_features=cfg.embed_dim, decode=False, rngs=rngs)
    self.ln2 = nnx.LayerNorm(cfg.embed_dim, rngs=rngs)
    self.mlp_in = nnx.Linear(cfg.embed_dim, cfg.mlp_dim, rngs=rngs)
    self.mlp_out = nnx.Linear(cfg.mlp_dim, cfg.embed_dim, rngs=rngs)

  def __call__(self, x):
    h = self.ln1(x)
    kv = jax.lax.all_gather(h, self.cfg.seq_axis, axis=1, tiled=True)
    x = x + self.attn(h, kv, kv)
    h = self.ln2(x)
    return x + self.mlp_out(nnx.gelu(self.mlp_in(h)))


class Decoder(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=cfg.num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def make_layers(rngs):
      return SeqParallelBlock(cfg, rngs=rngs)

    self.layers = make_layers(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def body(x, layer):
      return layer(x)

    return body(x, self.layers)
