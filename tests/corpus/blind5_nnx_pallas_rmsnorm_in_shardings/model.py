from flax import nnx

from ops.rmsnorm import rmsnorm


class FusedRMSNorm(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.scale = nnx.Param(nnx.initializers.ones(rngs.params(), (dim,)))

  def __call__(self, x):
    return rmsnorm(x, self.scale[...])


class Head(nnx.Module):
  def __init__(self, dim, vocab, *, rngs: nnx.Rngs):
    self.norm = FusedRMSNorm(dim, rngs=rngs)
    self.out = nnx.Linear(dim, vocab, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.out(self.norm(x))
