import jax
from flax import nnx

from .attention import ContextParallelAttention
from .config import CPConfig


class Block(nnx.Module):
  def __init__(self, cfg: CPConfig, *, rngs):
    self.n1 = nnx.RMSNorm(cfg.dim, rngs=rngs)
    self.attn = ContextParallelAttention(cfg, rngs=rngs)
    self.n2 = nnx.RMSNorm(cfg.dim, rngs=rngs)
    self.ff = nnx.Sequential(nnx.Linear(cfg.dim, 4 * cfg.dim, rngs=rngs), jax.nn.silu,
                             nnx.Linear(4 * cfg.dim, cfg.dim, rngs=rngs))

  def __call__(self, x):
    x = x + self.attn(self.n1(x))
    return x + self.ff(self.n2(x))


class CPTransformer(nnx.Module):
  def __init__(self, cfg: CPConfig, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
    self.blocks = nnx.vmap(lambda r: Block(cfg, rngs=r), in_axes=0, out_axes=0)(
        rngs.fork(split=cfg.layers))
    self.norm = nnx.RMSNorm(cfg.dim, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def run(x, block):
      return block(x)

    return self.embed.attend(self.norm(run(x, self.blocks)))
