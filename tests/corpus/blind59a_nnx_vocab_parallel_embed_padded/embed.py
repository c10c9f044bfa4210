"""Vocab-parallel embedding + tied LM head (Megatron style) for an NNX decoder."""
import jax
import jax.numpy as jnp
from flax import nnx

TP = 'model'


class VocabParallelEmbed(nnx.Module):
  def __init__(self, vocab_size, features, *, rngs):
    self.embedding = nnx.Embed(
        vocab_size, features,
        embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), (TP, None)),
        rngs=rngs)

  @staticmethod
  def lookup(table, ids):
    """table is this shard's slice of rows; ids are global token ids."""
    rows = table.shape[0]
    start = jax.lax.axis_index(TP) * rows
    local = ids - start
    in_range = (local >= 0) & (local < rows)
    out = jnp.take(table, jnp.clip(local, 0, rows - 1), axis=0)
    out = jnp.where(in_range[..., None], out, 0.0)
    return jax.lax.psum(out, TP)

  @staticmethod
  def logits(table, h):
    # local logits for this shard's vocab slice: [b, s, V/tp]
    return jnp.einsum('bsd,vd->bsv', h, table)
