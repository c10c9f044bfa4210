import jax
from flax import nnx

TP = "model"


class ShardedFFN(nnx.Module):
  """Each device holds hidden // tp columns of fc1 and rows of fc2."""

  def __init__(self, d, local_hidden, *, rngs):
    self.fc1 = nnx.Linear(
        d, local_hidden,
        kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), (None, TP)),
        use_bias=False, rngs=rngs)
    self.fc2 = nnx.Linear(
        local_hidden, d,
        kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), (TP, None)),
        use_bias=False, rngs=rngs)

  def __call__(self, x):
    return jax.lax.psum(self.fc2(jax.nn.silu(self.fc1(x))), TP)
