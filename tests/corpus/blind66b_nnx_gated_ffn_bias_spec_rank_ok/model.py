from flax import nnx

from layers import MODEL, FeedForward, bias_init, kernel_init


class GatedFeedForward(FeedForward):
  """SwiGLU variant: adds a gate projection sharded like `up`."""

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    super().__init__(d_model, d_ff, rngs=rngs)
    self.gate = nnx.Linear(
        d_model, d_ff,
        kernel_init=nnx.with_partitioning(kernel_init, (None, MODEL)),
        bias_init=nnx.with_partitioning(bias_init, (MODEL,)),
        rngs=rngs)

  def activation(self, h, x):
    return nnx.silu(self.gate(x)) * h


class Regressor(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.ffn = GatedFeedForward(d_model, d_ff, rngs=rngs)
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.head = nnx.Linear(d_model, 1, rngs=rngs)

  def __call__(self, x):
    return self.head(self.norm(x + self.ffn(x)))
