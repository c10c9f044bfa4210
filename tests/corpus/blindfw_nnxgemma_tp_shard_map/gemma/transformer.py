"""The decoder: embedder, a list of blocks, final norm, tied logits."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

from .layers import RMSNorm
from .modules import Block


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
  num_layers: int = 2
  num_heads: int = 4
  embed_dim: int = 64
  head_dim: int = 16
  hidden_dim: int = 128
  vocab_size: int = 256
  tp_axis: str = 'model'


class Transformer(nnx.Module):
  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    self.embedding = nnx.Param(nnx.initializers.normal()(rngs.params(), (cfg.vocab_size, cfg.embed_dim)))
    self.layers = nnx.List([Block(cfg, rngs=rngs) for _ in range(cfg.num_layers)])
    self.final_norm = RMSNorm(cfg.embed_dim, rngs=rngs)

  def __call__(self, tokens: jax.Array) -> jax.Array:
    x = jnp.take(self.embedding[...], tokens, axis=0)
    for layer in self.layers:
      x = layer(x)
    return self.final_norm(x) @ self.embedding[...].T
