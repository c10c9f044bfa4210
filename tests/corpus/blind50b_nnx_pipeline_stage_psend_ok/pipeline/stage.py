import jax
from flax import nnx

STAGE_AXIS = 'stage'


def ring_perm(num_stages):
  return tuple((i, (i + 1) % num_stages) for i in range(num_stages))


class PipelineStage(nnx.Module):
  def __init__(self, dim: int, num_stages: int, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(dim, dim, rngs=rngs)
    self.perm = ring_perm(num_stages)

  def _send(self, x):
    with jax.named_scope('pipelined_send'):
      return jax.lax.psend(x, STAGE_AXIS, perm=self.perm)

  def _recv(self, token, like):
    with jax.named_scope('pipelined_recv'):
      return jax.lax.precv(token, like, STAGE_AXIS, perm=self.perm)

  def __call__(self, x):
    h = jax.nn.gelu(self.linear(x))
    token = self._send(h)
    return self._recv(token, jax.ShapeDtypeStruct(h.shape, h.dtype))
