import jax
from jax import lax


def _xfer(x, axis, pairs):
  tok = lax.psend(x, axis, pairs)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, pairs)


def make_shift(axis, n):
  fwd_pairs = [(i, i + 1) for i in range(n - 1)]
  bwd_pairs = [(j, i) for i, j in fwd_pairs]

  @jax.custom_vjp
  def shift(x):
    return _xfer(x, axis, fwd_pairs)

  def shift_fwd(x):
    return shift(x), None

  def shift_bwd(_, g):
    return (_xfer(g, axis, bwd_pairs),)

  shift.defvjp(shift_fwd, shift_bwd)
  return shift
