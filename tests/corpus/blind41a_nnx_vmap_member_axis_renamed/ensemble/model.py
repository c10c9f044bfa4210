import jax
import jax.numpy as jnp
from flax import nnx

MEMBER_AXIS = 'members'


class Member(nnx.Module):
  def __init__(self, din, dout, rngs: nnx.Rngs):
    self.proj = nnx.Linear(din, dout, rngs=rngs)

  def center(self, h):
    # subtract the ensemble-average activation (cross-member normalization)
    return h - jax.lax.pmean(h, axis_name=MEMBER_AXIS)

  def __call__(self, x):
    return self.center(jax.nn.relu(self.proj(x)))
