from jax import lax
from flax import nnx

DP, TP = "data", "model"
_init = nnx.initializers.lecun_normal()


class SeqParallelMLP(nnx.Module):
  """x arrives sharded over the sequence on TP and leaves the same way."""

  def __init__(self, d: int, d_ff: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.up = nnx.Linear(d, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(_init, (None, TP)), rngs=rngs)
    self.down = nnx.Linear(d_ff, d, use_bias=False,
                           kernel_init=nnx.with_partitioning(_init, (TP, None)), rngs=rngs)

  def __call__(self, x):                                    # (b, s / tp, d)
    h = lax.all_gather(self.norm(x), TP, axis=1, tiled=True)  # (b, s, d)
    partial = self.down(nnx.gelu(self.up(h)))                 # (b, s, d), partial sums over TP
    return x + lax.psum_scatter(partial, TP, scatter_dimension=1, tiled=True)


class Regressor(nnx.Module):
  def __init__(self, d: int, d_ff: int, depth: int, *, rngs: nnx.Rngs):
    self.blocks = nnx.List([SeqParallelMLP(d, d_ff, rngs=rngs) for _ in range(depth)])
    self.out = nnx.Linear(d, 1, rngs=rngs)

  def __call__(self, x):
    for block in self.blocks:
      x = block(x)
    return self.out(x)[..., 0]
