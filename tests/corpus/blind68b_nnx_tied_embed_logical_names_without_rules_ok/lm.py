import jax
from flax import nnx

normal = nnx.initializers.normal(0.02)


def named(init, *names):
  return nnx.with_metadata(init, sharding_names=names)


class MlpBlock(nnx.Module):

  def __init__(self, d_model, d_ff, *, rngs):
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.wi = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=named(normal, 'embed', 'mlp'), rngs=rngs)
    self.wo = nnx.Linear(d_ff, d_model, use_bias=False,
                         kernel_init=named(normal, 'mlp', 'embed'), rngs=rngs)

  def __call__(self, x):
    return x + self.wo(nnx.silu(self.wi(self.norm(x))))


class TiedLM(nnx.Module):

  def __init__(self, vocab, d_model, d_ff, n_layers, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, d_model,
                           embedding_init=named(normal, 'vocab', 'embed'),
                           rngs=rngs)
    self.blocks = nnx.List([MlpBlock(d_model, d_ff, rngs=rngs)
                            for _ in range(n_layers)])
    self.final_norm = nnx.RMSNorm(d_model, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for blk in self.blocks:
      x = blk(x)
    return self.embed.attend(self.final_norm(x))
