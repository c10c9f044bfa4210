import jax
import jax.numpy as jnp
from jax import lax

AXIS = 'model'


def vocab_parallel_embed(table_shard, ids):
  """Megatron VocabParallelEmbedding: each shard owns a contiguous range of rows."""
  rows = table_shard.shape[0]
  start = lax.axis_index(AXIS) * rows
  local = ids - start
  mask = (local >= 0) & (local < rows)
  emb = jnp.take(table_shard, jnp.where(mask, local, 0), axis=0)
  return lax.psum(jnp.where(mask[..., None], emb, 0.0), AXIS)


def vocab_parallel_xent(h, table_shard, targets):
  logits = h @ table_shard.T                       # [b, t, V/n]
  rows = table_shard.shape[0]
  start = lax.axis_index(AXIS) * rows
  gmax = lax.pmax(lax.stop_gradient(logits.max(-1, keepdims=True)), AXIS)
  sumexp = lax.psum(jnp.exp(logits - gmax).sum(-1), AXIS)
  local = targets - start
  mask = (local >= 0) & (local < rows)
  tgt = jnp.take_along_axis(logits, jnp.where(mask, local, 0)[..., None], -1)[..., 0]
  tgt = lax.psum(jnp.where(mask, tgt, 0.0), AXIS)
  return jnp.mean(jnp.log(sumexp) + gmax[..., 0] - tgt)
