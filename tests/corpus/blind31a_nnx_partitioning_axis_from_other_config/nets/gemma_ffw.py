import jax
import jax.numpy as jnp
from flax import nnx

from .sharding import ShardingConfig


class FeedForward(nnx.Module):
  def __init__(self, features, hidden_dim, *, sharding: ShardingConfig, rngs: nnx.Rngs):
    init = nnx.initializers.normal()
    self.gate_proj = nnx.Linear(features, hidden_dim, use_bias=False, rngs=rngs,
                                kernel_init=nnx.with_partitioning(init, sharding.ffw_weight_df))
    self.up_proj = nnx.Linear(features, hidden_dim, use_bias=False, rngs=rngs,
                              kernel_init=nnx.with_partitioning(init, sharding.ffw_weight_df))
    self.down_proj = nnx.Linear(hidden_dim, features, use_bias=False, rngs=rngs,
                                kernel_init=nnx.with_partitioning(init, sharding.ffw_weight_fd))

  def __call__(self, x):
    h = nnx.gelu(self.gate_proj(x)) * self.up_proj(x)
    return self.down_proj(h)


class TinyGemma(nnx.Module):
  def __init__(self, vocab, dim, hidden, *, sharding=None, rngs):
    sharding = sharding or ShardingConfig.get_default_sharding()
    self.embedder = nnx.Embed(vocab, dim, rngs=rngs,
                              embedding_init=nnx.with_partitioning(nnx.initializers.normal(), sharding.emb_vd))
    self.ffw = FeedForward(dim, hidden, sharding=sharding, rngs=rngs)

  def __call__(self, tokens):
    x = self.embedder(tokens)
    x = x + self.ffw(x)
    return self.embedder.attend(x)
