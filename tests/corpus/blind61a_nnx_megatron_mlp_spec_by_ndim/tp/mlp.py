import jax
from flax import nnx

MODEL = "model"


class MLP(nnx.Module):
  """Megatron-style MLP: fc1 is column-parallel, fc2 is row-parallel."""

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(dim, hidden, rngs=rngs)
    self.fc2 = nnx.Linear(hidden, dim, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.fc1(x))
    # row-parallel: partial sums over the hidden shards, then add the bias once
    y = h @ self.fc2.kernel[...]
    y = jax.lax.psum(y, MODEL)
    return y + self.fc2.bias[...]
