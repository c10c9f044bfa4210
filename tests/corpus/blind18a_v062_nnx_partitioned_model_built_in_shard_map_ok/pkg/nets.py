from flax import nnx


class Head(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    self.proj = nnx.Linear(
        din, dout,
        kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), (None, 'model')),
        rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.proj(x))
