import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class GatheredEmbed(nn.Module):
  """Embedding whose table rows are split over `axis_name` (num_shards pieces).

  Outside shard_map use num_shards=1 and axis_name=None."""
  vocab_size: int
  features: int
  num_shards: int = 1
  axis_name: str = None

  def setup(self):
    self.embedding = self.param("embedding", nn.initializers.normal(0.02),
                                (self.vocab_size // self.num_shards, self.features))

  def _table(self):
    if self.axis_name is None:
      return self.embedding
    return lax.all_gather(self.embedding, self.axis_name, axis=0, tiled=True)

  def __call__(self, ids):
    return jnp.take(self._table(), ids, axis=0)

  def attend(self, x):
    return x @ self._table().T


class MlpBlock(nn.Module):
  n_embd: int
  mlp_ratio: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm()(x)
    h = nn.Dense(self.n_embd * self.mlp_ratio)(h)
    h = nn.Dense(self.n_embd)(nn.gelu(h))
    return x + h, None


class GPT(nn.Module):
  cfg: "GPTConfig"
  num_shards: int = 1
  axis_name: str = None

  @nn.compact
  def __call__(self, ids):
    cfg = self.cfg
    wte = GatheredEmbed(cfg.vocab_size, cfg.n_embd, self.num_shards, self.axis_name, name="wte")
    x = wte(ids)
    Blocks = nn.scan(MlpBlock, variable_axes={"params": 0}, split_rngs={"params": True},
                     length=cfg.n_layer)
    x, _ = Blocks(cfg.n_embd, cfg.mlp_ratio, name="h")(x, None)
    x = nn.LayerNorm(name="ln_f")(x)
    return wte.attend(x)
