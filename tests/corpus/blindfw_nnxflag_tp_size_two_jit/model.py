"""An attention-free mixer block whose output projection is row-parallel when tensor
parallelism is on; with a single tensor shard the sum over the axis is skipped."""
import jax
from flax import nnx

from config import CONFIG


class MixerBlock(nnx.Module):
  def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.up = nnx.Linear(dim, hidden // CONFIG.tensor, rngs=rngs)
    self.down = nnx.Linear(hidden // CONFIG.tensor, dim, use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = self.down(nnx.gelu(self.up(self.norm(x))))
    if CONFIG.tensor_parallel:
      y = jax.lax.psum(y, 'tensor')
    return x + y
