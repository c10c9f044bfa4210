import jax
from flax import nnx

from config import ModelConfig


class RowParallelMLP(nnx.Module):

  def __init__(self, cfg: ModelConfig, tp: int, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.up = nnx.Linear(cfg.d_model, cfg.d_ff // tp, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(cfg.d_ff // tp, cfg.d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    return jax.lax.psum(self.down(h), self.cfg.reduce_axis)
