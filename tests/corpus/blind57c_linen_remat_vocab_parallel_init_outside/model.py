import flax.linen as nn
import jax.numpy as jnp
from jax import lax

TP = "tp"


class VocabParallelEmbed(nn.Module):
  vocab_local: int
  dim: int

  @nn.compact
  def __call__(self, ids):
    table = self.param("table", nn.initializers.normal(0.02), (self.vocab_local, self.dim))
    start = lax.axis_index(TP) * self.vocab_local
    local_ids = ids - start
    in_range = (local_ids >= 0) & (local_ids < self.vocab_local)
    emb = jnp.take(table, jnp.clip(local_ids, 0, self.vocab_local - 1), axis=0)
    return lax.psum(jnp.where(in_range[..., None], emb, 0.0), TP)


class MLPBlock(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(self.dim)(nn.gelu(nn.Dense(4 * self.dim)(nn.LayerNorm()(x))))


class TinyLM(nn.Module):
  vocab_local: int
  dim: int
  depth: int

  @nn.compact
  def __call__(self, ids):
    x = VocabParallelEmbed(self.vocab_local, self.dim)(ids)
    for _ in range(self.depth):
      x = nn.remat(MLPBlock)(self.dim)(x)
    return x
