from flax import nnx

_init = nnx.initializers.lecun_normal()


class TPMLP(nnx.Module):
  """Column-parallel up projection, row-parallel down projection."""

  def __init__(self, din, dhid, dout, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(
        din, dhid,
        kernel_init=nnx.with_partitioning(_init, (None, "model")),
        bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)),
        rngs=rngs)
    self.down = nnx.Linear(
        dhid, dout, use_bias=False,
        kernel_init=nnx.with_partitioning(_init, ("model", None)),
        rngs=rngs)

  def __call__(self, x, reduce_fn):
    h = nnx.gelu(self.up(x))
    # partial sums over the hidden shards: the caller decides how to combine them
    return reduce_fn(self.down(h))
