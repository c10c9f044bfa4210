import flax.linen as nn
import jax
from jax import lax


def forward_perm(num_stages):
  """Stage i hands its activations to stage i + 1; the last stage sends nothing."""
  return [(i, i + 1) for i in range(num_stages - 1)]


class PipelineStage(nn.Module):
  hidden: int
  stage_axis: str
  num_stages: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden)(x)
    return nn.gelu(h)

  def handoff(self, h):
    perm = forward_perm(self.num_stages)
    token = lax.psend(h, self.stage_axis, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), self.stage_axis, perm)

  def step(self, x):
    return self.handoff(self(x))
