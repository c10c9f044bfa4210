import jax.numpy as jnp
from flax import nnx


class MLPLayer(nnx.Module):
  """One layer of the stack; computes in bfloat16, keeps float32 params and
  a float32 residual stream (so the scan carry keeps its dtype)."""

  def __init__(self, dim: int, *, dtype=jnp.bfloat16, rngs: nnx.Rngs):
    self.linear = nnx.Linear(dim, dim, dtype=dtype, param_dtype=jnp.float32, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    h = self.dropout(nnx.gelu(self.linear(x)))
    return x + h.astype(x.dtype)
