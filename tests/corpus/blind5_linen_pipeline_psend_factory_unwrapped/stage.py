"""One pipeline stage: a residual MLP block whose output is handed to the next stage."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PipelineStage(nn.Module):
  features: int
  stage_axis: str
  num_stages: int

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.Dense(self.features * 2)(h)
    h = nn.gelu(h)
    return x + nn.Dense(self.features)(h)

  def forward_to_next(self, y):
    """Send this stage's activations to stage i+1 and receive stage i-1's."""
    perm = [(i, i + 1) for i in range(self.num_stages - 1)]
    token = jax.lax.psend(y, self.stage_axis, perm)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), self.stage_axis, perm)

  def step(self, x):
    return self.forward_to_next(self(x))
