from flax import nnx

from .config import ModelConfig
from .layers import Block


class LM(nnx.Module):

  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    tp = cfg.mesh.tensor_axis
    self.embed = nnx.Embed(
        cfg.vocab, cfg.d_model,
        embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (tp, None)),
        rngs=rngs)
    self.blocks = nnx.List([Block(cfg, rngs=rngs) for _ in range(cfg.n_layers)])
    self.norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for blk in self.blocks:
      x = blk(x)
    return self.embed.attend(self.norm(x))
