from flax import nnx

from kernels.fused import bias_gelu


class FusedMLP(nnx.Module):
  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
    self.up_bias = nnx.Param(nnx.initializers.zeros_init()(rngs.params(), (hidden,)))
    self.down = nnx.Linear(hidden, dim, rngs=rngs)

  def __call__(self, x):
    h = bias_gelu(self.up(x), self.up_bias[...])
    return self.down(h)
