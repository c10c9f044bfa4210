from flax import nnx
from jax import lax

from .axes import MODEL

init = nnx.initializers


class MLPBlock(nnx.Module):

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.up = nnx.Linear(
        dim, hidden,
        kernel_init=nnx.with_partitioning(init.lecun_normal(), (None, MODEL)),
        bias_init=nnx.with_partitioning(init.zeros_init(), (MODEL,)),
        rngs=rngs)
    self.down = nnx.Linear(
        hidden, dim, use_bias=False,
        kernel_init=nnx.with_partitioning(init.lecun_normal(), (MODEL, None)),
        rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(self.norm(x)))
    return x + lax.psum(self.down(h), MODEL)
