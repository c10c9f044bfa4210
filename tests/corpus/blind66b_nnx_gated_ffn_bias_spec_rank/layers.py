from flax import nnx

MODEL = "model"
kernel_init = nnx.initializers.xavier_uniform()
bias_init = nnx.initializers.zeros_init()


class FeedForward(nnx.Module):
  """Column-parallel up projection, row-parallel down projection."""

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(
        d_model, d_ff,
        kernel_init=nnx.with_partitioning(kernel_init, (None, MODEL)),
        bias_init=nnx.with_partitioning(bias_init, (MODEL,)),
        rngs=rngs)
    self.down = nnx.Linear(
        d_ff, d_model,
        kernel_init=nnx.with_partitioning(kernel_init, (MODEL, None)),
        bias_init=nnx.with_partitioning(bias_init, (None,)),
        rngs=rngs)

  def activation(self, h, x):
    del x
    return nnx.gelu(h)

  def __call__(self, x):
    return self.down(self.activation(self.up(x), x))
