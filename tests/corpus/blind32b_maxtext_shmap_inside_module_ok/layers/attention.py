"""MaxText-style attention op: the Linen module drops into shard_map for the core kernel."""
import functools
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


def _local_attention(q, k, v, *, context_axis):
  # Each shard holds a slice of the sequence; gather the keys/values of all shards.
  k = jax.lax.all_gather(k, context_axis, axis=1, tiled=True)
  v = jax.lax.all_gather(v, context_axis, axis=1, tiled=True)
  logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  return jnp.einsum('bhqk,bkhd->bqhd', jax.nn.softmax(logits, -1), v)


class AttentionOp(nn.Module):
  mesh: Any
  context_axis: str = 'context'

  def __call__(self, q, k, v):
    spec = P('data', self.context_axis, None, None)
    fn = jax.shard_map(
        functools.partial(_local_attention, context_axis=self.context_axis),
        mesh=self.mesh, in_specs=(spec, spec, spec), out_specs=spec, check_vma=False)
    return fn(q, k, v)


class Attention(nn.Module):
  mesh: Any
  num_heads: int = 4
  head_dim: int = 16

  @nn.compact
  def __call__(self, x):
    proj = functools.partial(nn.DenseGeneral, features=(self.num_heads, self.head_dim))
    q, k, v = proj(name='query')(x), proj(name='key')(x), proj(name='value')(x)
    out = AttentionOp(self.mesh, name='attention_op')(q, k, v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(out)
