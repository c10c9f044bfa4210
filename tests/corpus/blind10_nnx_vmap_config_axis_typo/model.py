import jax.numpy as jnp
from jax import lax
from flax import nnx

from config import ModelConfig


class ContrastiveHead(nnx.Module):

  def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.enc = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
    self.cls = nnx.Linear(cfg.hidden, cfg.classes, rngs=rngs)

  def __call__(self, x):
    z = nnx.relu(self.enc(x))
    # batch-norm style centring across the examples being vmapped
    z = z - lax.pmean(z, axis_name=self.cfg.batch_axis)
    return self.cls(z)
