import jax
import jax.lax as L

PIPE_AXIS = 'stages'


def transfer(x, like, perm):
  """Send x along `perm` and receive a value shaped like `like`."""
  token = L.psend(x, PIPE_AXIS, perm)
  return L.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), PIPE_AXIS, perm)
