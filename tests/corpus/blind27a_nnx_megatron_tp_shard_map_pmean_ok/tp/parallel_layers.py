"""Megatron column/row parallel MLP written for manual (shard_map) execution."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, tp_size, *, tp_axis, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.tp_axis = tp_axis
    # full-size weights; shard_map hands each device its column / row block
    self.w_col = nnx.Param(init(rngs.params(), (d_model, d_ff)))
    self.w_row = nnx.Param(init(rngs.params(), (d_ff, d_model)))

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_col[...])
    y = h @ self.w_row[...]
    return lax.psum(y, self.tp_axis)
