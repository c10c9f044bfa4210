"""Megatron-style MLP block: column-parallel up projection, row-parallel down."""
import jax
from flax import nnx

MODEL_AXIS = "model"


class TPMLPBlock(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(
        d_model, d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(init, (None, MODEL_AXIS)),
        rngs=rngs)
    self.down = nnx.Linear(
        d_ff, d_model, use_bias=False,
        kernel_init=nnx.with_partitioning(init, (MODEL_AXIS, None)),
        rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    # each model shard holds a slice of d_ff: sum the partial products
    return jax.lax.psum(self.down(h), MODEL_AXIS)
