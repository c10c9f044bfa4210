"""Megatron-style MLP: column-parallel up projection, row-parallel down projection whose
partial sums are reduce-scattered over 'model' by the Pallas ring kernel."""
import jax
import jax.numpy as jnp

from ring_rs import make_ring_reduce_scatter


class ParallelMLP:
  def __init__(self, tp_size, axis_name="model"):
    self.tp_size = tp_size
    self.reduce_scatter = make_ring_reduce_scatter(axis_name, tp_size)

  def __call__(self, params, x):
    h = jax.nn.gelu(x @ params["up"])             # [tokens, d_ff / tp]
    partial_sum = h @ params["down"]              # [tokens, d_model], partial over 'model'
    t, d = partial_sum.shape
    return self.reduce_scatter(partial_sum.reshape(self.tp_size, t // self.tp_size, d))
