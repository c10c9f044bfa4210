import jax
from flax import nnx


class PipelineStage(nnx.Module):
  def __init__(self, dim: int, num_stages: int, *, rngs: nnx.Rngs,
               axis_name: str = 'stages'):
    self.linear = nnx.Linear(dim, dim, rngs=rngs)
    self.axis_name = axis_name
    self.perm = tuple((i, (i + 1) % num_stages) for i in range(num_stages))

  def __call__(self, x):
    h = jax.nn.gelu(self.linear(x))
    with jax.named_scope('pipelined_send'):
      token = jax.lax.psend(h, self.axis_name, perm=self.perm)
    with jax.named_scope('pipelined_recv'):
      return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype),
                           self.axis_name, perm=self.perm)
