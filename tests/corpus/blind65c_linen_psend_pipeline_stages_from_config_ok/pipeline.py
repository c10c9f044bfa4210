import flax.linen as nn
import jax
from jax import lax


class StageMLP(nn.Module):
  d_model: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.d_ff, name="wi")(nn.LayerNorm(name="ln")(x))
    return x + nn.Dense(self.d_model, name="wo")(nn.gelu(h))


class PipelinedForward(nn.Module):
  """Runs this device's stage, then hands the activations to the next stage."""
  num_stages: int
  d_model: int
  d_ff: int
  stage_axis: str = "stage"

  def setup(self):
    self.stage = StageMLP(self.d_model, self.d_ff)
    self.forward_perm = [(i, i + 1) for i in range(self.num_stages - 1)]

  def __call__(self, x):
    h = x
    for _ in range(self.num_stages - 1):
      h = self.stage(h)
      token = lax.psend(h, self.stage_axis, self.forward_perm)
      h = lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), self.stage_axis,
                    self.forward_perm)
    return self.stage(h)


def build_pipeline(cfg):
  return PipelinedForward(num_stages=cfg["num_stages"], d_model=cfg["d_model"],
                          d_ff=cfg["d_ff"], stage_axis=cfg["stage_axis"])
