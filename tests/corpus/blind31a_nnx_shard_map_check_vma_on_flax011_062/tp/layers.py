import jax
import jax.numpy as jnp
from flax import nnx


class RowParallelMLP(nnx.Module):
  """Input features arrive split over the model axis; each shard multiplies its rows of w_in."""

  def __init__(self, d, h, rngs):
    init = nnx.initializers.lecun_normal()
    self.w_in = nnx.Param(init(rngs.params(), (d, h)))
    self.w_out = nnx.Param(init(rngs.params(), (h, d)))

  def __call__(self, x_shard, axis_name="model"):
    rows = x_shard.shape[-1]
    idx = jax.lax.axis_index(axis_name)
    w_rows = jax.lax.dynamic_slice_in_dim(self.w_in.value, idx * rows, rows, axis=0)
    h = jax.lax.psum(x_shard @ w_rows, axis_name)
    return jax.nn.gelu(h) @ self.w_out.value
