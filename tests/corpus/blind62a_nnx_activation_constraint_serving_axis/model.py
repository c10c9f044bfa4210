import jax
from flax import nnx

from shardings import FFN_HIDDEN, HIDDEN


class MLPBlock(nnx.Module):

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.wi = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
    self.wo = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = self.wi(self.norm(x))
    h = jax.lax.with_sharding_constraint(jax.nn.silu(h), FFN_HIDDEN)
    out = x + self.wo(h)
    return jax.lax.with_sharding_constraint(out, HIDDEN)


class TinyLM(nnx.Module):

  def __init__(self, vocab: int, dim: int, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, dim, rngs=rngs)
    self.mlp1 = MLPBlock(dim, 4 * dim, rngs=rngs)
    self.mlp2 = MLPBlock(dim, 4 * dim, rngs=rngs)

  def __call__(self, tokens):
    x = self.mlp2(self.mlp1(self.embed(tokens)))
    return self.embed.attend(x)
