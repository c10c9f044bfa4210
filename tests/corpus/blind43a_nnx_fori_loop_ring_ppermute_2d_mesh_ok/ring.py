import jax.numpy as jnp
from jax import lax
from flax import nnx


def ring_reduce(layer, x, *, axis_name, axis_size):
  """Apply `layer` to every shard's block of `x` and accumulate, passing blocks around the ring."""
  perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]

  def body(i, carry):
    layer, acc, blk = carry
    acc = acc + layer(blk)
    blk = lax.ppermute(blk, axis_name, perm)
    return layer, acc, blk

  acc = jnp.zeros_like(layer(x))
  _, acc, _ = nnx.fori_loop(0, axis_size, body, (layer, acc, x))
  return acc
