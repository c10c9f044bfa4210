"""Megatron-style tensor-parallel MLP block written with Flax NNX partitioning metadata."""
from flax import nnx
import jax
import jax.numpy as jnp

init_fn = nnx.initializers.lecun_normal()


class ParallelMLP(nnx.Module):
  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    # column-parallel up projection, row-parallel down projection
    self.up = nnx.Linear(
        d_model, d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')), rngs=rngs)
    self.down = nnx.Linear(
        d_ff, d_model, use_bias=False,
        kernel_init=nnx.with_partitioning(init_fn, ('model', None)), rngs=rngs)
    self.norm = nnx.LayerNorm(
        d_model,
        scale_init=nnx.with_partitioning(nnx.initializers.ones_init(), (None,)),
        bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), (None,)),
        rngs=rngs)

  def partial_forward(self, x):
    """Runs on one (data, model) shard; returns the un-reduced row-parallel output."""
    h = self.norm(x)
    h = jax.nn.gelu(self.up(h))
    return self.down(h)


class Regressor(nnx.Module):
  def __init__(self, d_model, d_ff, n_blocks, *, rngs):
    self.blocks = nnx.List([ParallelMLP(d_model, d_ff, rngs=rngs) for _ in range(n_blocks)])
