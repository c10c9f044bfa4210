import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
  vocab_size: int = 64
  emb_dim: int = 32
  max_len: int = 128
  seq_axis: str = 'seq'


def sinusoidal_init(max_len, d_feature):
  def init(key, shape, dtype=jnp.float32):
    pos = jnp.arange(max_len)[:, None]
    div = jnp.exp(jnp.arange(0, d_feature, 2) * -(jnp.log(10000.0) / d_feature))
    pe = jnp.zeros((max_len, d_feature))
    pe = pe.at[:, 0::2].set(jnp.sin(pos * div)).at[:, 1::2].set(jnp.cos(pos * div))
    return pe[None].astype(dtype)
  return init


class Decoder(nn.Module):
  config: DecoderConfig

  def setup(self):
    cfg = self.config
    self.embed = nn.Embed(cfg.vocab_size, cfg.emb_dim,
                          embedding_init=nn.initializers.normal(stddev=1.0))
    self.pos_table = self.param('pos_embedding', sinusoidal_init(cfg.max_len, cfg.emb_dim),
                                (1, cfg.max_len, cfg.emb_dim))
    self.mlp = nn.Dense(cfg.emb_dim)
    self.logits = nn.Dense(cfg.vocab_size)

  def embed_tokens(self, tokens):
    """Embeds the local chunk of the sequence; positions start at this shard's offset."""
    chunk = tokens.shape[1]
    offset = jax.lax.axis_index(self.config.seq_axis) * chunk
    pos = jax.lax.dynamic_slice_in_dim(self.pos_table, offset, chunk, axis=1)
    return self.embed(tokens) + pos

  def __call__(self, tokens):
    x = self.embed_tokens(tokens)
    x = x + nn.gelu(self.mlp(x))
    return self.logits(x)
