import dataclasses

from flax import nnx

from .modules import Attention, FeedForward


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
  vocab_size: int = 2048
  dim: int = 256
  num_heads: int = 8
  head_dim: int = 32
  hidden: int = 1024


class Block(nnx.Module):

  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    self.pre_attn_norm = nnx.RMSNorm(cfg.dim, rngs=rngs)
    self.attn = Attention(cfg.dim, cfg.num_heads, cfg.head_dim, rngs=rngs)
    self.pre_ffw_norm = nnx.RMSNorm(cfg.dim, rngs=rngs)
    self.mlp = FeedForward(cfg.dim, cfg.hidden, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.pre_attn_norm(x))
    return x + self.mlp(self.pre_ffw_norm(x))


class Transformer(nnx.Module):

  def __init__(self, cfg: TransformerConfig, *, rngs: nnx.Rngs):
    self.embedder = nnx.Embed(cfg.vocab_size, cfg.dim, rngs=rngs)
    self.blocks = nnx.List([Block(cfg, rngs=rngs) for _ in range(2)])
    self.final_norm = nnx.RMSNorm(cfg.dim, rngs=rngs)

  def init_cache(self, batch: int, max_len: int):
    for block in self.blocks:
      block.attn.init_cache(batch, max_len)

  def __call__(self, tokens):
    x = self.embedder(tokens)
    for block in self.blocks:
      x = block(x)
    return self.embedder.attend(self.final_norm(x))
