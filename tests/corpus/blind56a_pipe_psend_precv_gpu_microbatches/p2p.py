import jax
from jax import lax


def forward_edges(n):
  return [(i, i + 1) for i in range(n - 1)]


def send_next(x, axis, n_stages):
  """Stage i -> stage i+1. Stage 0 receives zeros."""
  perm = forward_edges(n_stages)
  tok = lax.psend(x, axis, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)
