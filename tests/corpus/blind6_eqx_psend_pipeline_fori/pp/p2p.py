import jax
import jax.lax as lax


def shift_forward(x, axis_name, n):
  """Send this stage's activations to the next stage; the first stage receives zeros."""
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(x, axis_name, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
