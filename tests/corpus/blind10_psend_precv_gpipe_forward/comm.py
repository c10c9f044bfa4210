import jax
from jax import lax


class StageComm:
  """Point-to-point activation transfer between neighbouring pipeline stages."""

  def __init__(self, axis_name, n_stages):
    self.axis_name = axis_name
    self.fwd_perm = [(i, i + 1) for i in range(n_stages - 1)]

  def send_next(self, x):
    return lax.psend(x, self.axis_name, self.fwd_perm)

  def recv_prev(self, token, like):
    return lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), self.axis_name,
                     self.fwd_perm)
