from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx

from config import Config

lecun = nnx.initializers.lecun_normal()


class FeedForward(nnx.Module):

  def __init__(self, cfg: Config, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.up = nnx.Linear(cfg.d_model, cfg.d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(lecun, (None, None)),
                         rngs=rngs)
    self.down = nnx.Linear(cfg.d_ff, cfg.d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(lecun, (None, None)),
                           rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.gelu(self.up(self.norm(x))))


class Decoder(nnx.Module):

  def __init__(self, cfg: Config, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(cfg.vocab_size, cfg.d_model, rngs=rngs)
    self.drop = nnx.Dropout(cfg.dropout_rate, rngs=rngs)

    @nnx.split_rngs(splits=cfg.num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0,
              transform_metadata={nnx.PARTITION_NAME: cfg.stage_axis})
    def make_layers(rngs: nnx.Rngs):
      return FeedForward(cfg, rngs=rngs)

    self.layers = make_layers(rngs)
    self.stage_axis = cfg.stage_axis

  def __call__(self, tokens):
    x = self.drop(self.embed(tokens))

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: self.stage_axis})
    @partial(nnx.remat, prevent_cse=False)
    def run_layers(x, layer):
      return layer(x)

    x = run_layers(x, self.layers)
    return self.embed.attend(x)
