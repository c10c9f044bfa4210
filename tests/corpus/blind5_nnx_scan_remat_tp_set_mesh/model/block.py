from flax import nnx
from jax import lax as L

from .config import ModelConfig

init = nnx.initializers.xavier_uniform()


class TPBlock(nnx.Module):
  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)
    self.wi = nnx.Linear(cfg.d_model, cfg.d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, (None, cfg.tp_axis)), rngs=rngs)
    self.wo = nnx.Linear(cfg.d_ff, cfg.d_model, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, (cfg.tp_axis, None)), rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.wi(self.norm(x)))
    return x + L.psum(self.wo(h), self.cfg.tp_axis)
