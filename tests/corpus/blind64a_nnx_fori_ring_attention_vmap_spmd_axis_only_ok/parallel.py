from flax import nnx

from ring_attention import RING_AXIS


def ring_apply(module, chunks):
  """Applies a per-chunk module to (num_chunks, chunk_len, d); chunk i sits on ring position i."""
  per_chunk = nnx.vmap(lambda m, c: m(c), in_axes=(None, 0),
                       axis_name=RING_AXIS, spmd_axis_name=RING_AXIS)
  return per_chunk(module, chunks)
