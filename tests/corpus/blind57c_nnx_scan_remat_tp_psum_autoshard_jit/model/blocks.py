import jax
import jax.numpy as jnp
from flax import nnx

__all__ = ["TPBlock", "TP_AXIS", "make_stack"]

TP_AXIS = "model"


class TPBlock(nnx.Module):
  def __init__(self, d, hidden, rngs):
    init = nnx.initializers.lecun_normal()
    self.w_in = nnx.Linear(d, hidden, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, (None, TP_AXIS)))
    self.w_out = nnx.Linear(hidden, d, use_bias=False, rngs=rngs,
                            kernel_init=nnx.with_partitioning(init, (TP_AXIS, None)))

  def __call__(self, x):
    partial = self.w_out(jax.nn.silu(self.w_in(x)))
    return x + jax.lax.psum(partial, TP_AXIS)


def make_stack(n, d, hidden, rngs):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return TPBlock(d, hidden, rngs)

  return create(rngs)
