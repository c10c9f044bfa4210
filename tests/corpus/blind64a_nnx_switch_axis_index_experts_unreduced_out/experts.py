import jax.numpy as jnp
from jax import lax
from flax import nnx

EXPERT_AXIS = "expert"


class HeteroExperts(nnx.Module):
  """Four expert kinds; device i on the 'expert' mesh axis evaluates kind i."""

  def __init__(self, d: int, *, rngs: nnx.Rngs):
    self.router = nnx.Linear(d, 4, rngs=rngs)
    self.mlp_in = nnx.Linear(d, 4 * d, rngs=rngs)
    self.mlp_out = nnx.Linear(4 * d, d, rngs=rngs)
    self.glu_gate = nnx.Linear(d, 2 * d, rngs=rngs)
    self.glu_val = nnx.Linear(d, 2 * d, rngs=rngs)
    self.glu_out = nnx.Linear(2 * d, d, rngs=rngs)
    self.conv = nnx.Conv(d, d, kernel_size=(5,), feature_group_count=d, rngs=rngs)
    self.scale = nnx.Param(jnp.ones((d,)))

  @staticmethod
  def _mlp(m, x):
    return m.mlp_out(nnx.gelu(m.mlp_in(x)))

  @staticmethod
  def _glu(m, x):
    return m.glu_out(nnx.silu(m.glu_gate(x)) * m.glu_val(x))

  @staticmethod
  def _conv(m, x):
    return m.conv(x)

  @staticmethod
  def _scale(m, x):
    return x * m.scale[...]

  def __call__(self, x):
    """This device's expert, weighted by its router probability."""
    kind = lax.axis_index(EXPERT_AXIS)
    y = nnx.switch(kind, (self._mlp, self._glu, self._conv, self._scale), self, x)
    gate = nnx.softmax(self.router(x), axis=-1)
    return y * jnp.take(gate, kind, axis=-1)[..., None]

  def mixture(self, x):
    return lax.psum(self(x), EXPERT_AXIS)
