"""Decoder stack: `scan_layers` stacks the layers' params along a `layers` axis."""
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp

from .attention import Attention
from .linears import MlpBlock


class DecoderLayer(nn.Module):
  config: Any

  @nn.compact
  def __call__(self, inputs, _unused=None):
    cfg = self.config
    x = nn.with_logical_constraint(inputs, ('activation_batch', 'activation_length', 'activation_embed'))
    y = nn.RMSNorm(name='pre_self_attention_norm')(x)
    y = Attention(cfg, name='self_attention')(y)
    x = x + y
    y = nn.RMSNorm(name='pre_mlp_norm')(x)
    y = MlpBlock(cfg, name='mlp')(y)
    x = x + y
    if cfg['scan_layers']:
      return x, None
    return x


class Decoder(nn.Module):
  config: Any

  @nn.compact
  def __call__(self, tokens):
    cfg = self.config
    embed = nn.Embed(cfg['vocab_size'], cfg['emb_dim'],
                     embedding_init=nn.with_logical_partitioning(
                         nn.initializers.normal(1.0), ('vocab', 'embed')),
                     name='token_embedder')
    x = embed(tokens)
    layer_cls = nn.remat(DecoderLayer, policy=jax.checkpoint_policies.nothing_saveable,
                         prevent_cse=not cfg['scan_layers'])
    if cfg['scan_layers']:
      x, _ = nn.scan(
          layer_cls,
          variable_axes={'params': 0},
          split_rngs={'params': True},
          in_axes=(nn.broadcast,),
          length=cfg['num_layers'],
          metadata_params={nn.PARTITION_NAME: 'layers'},
      )(cfg, name='layers')(x, None)
    else:
      for i in range(cfg['num_layers']):
        x = layer_cls(cfg, name=f'layers_{i}')(x)
    x = nn.RMSNorm(name='decoder_norm')(x)
    return embed.attend(x)
