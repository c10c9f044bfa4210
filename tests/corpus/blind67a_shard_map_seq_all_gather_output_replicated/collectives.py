"""Thin aliases over the sequence-axis collectives."""
from jax.lax import all_gather as _all_gather
from jax.lax import psum as allreduce

SEQ = "seq"


def gather_sequence(x):
  """[batch, seq/n, d] shard -> [batch, seq, d] on every device of the 'seq' axis."""
  return _all_gather(x, SEQ, axis=1, tiled=True)


def seq_mean(x):
  return allreduce(x.mean(axis=1, keepdims=True), SEQ) / 2
