import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Member(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    self.l1 = nnx.Linear(din, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


def make_ensemble(n, din, dout, rngs):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(din, dout, rngs=rngs)

  return create(rngs)


def member_logits(member, x):
  logits = member(x)
  # centre each member's logits on the ensemble average
  return logits - lax.pmean(logits, axis_name='ensemble')


ensemble_forward = nnx.vmap(member_logits, in_axes=(0, None), out_axes=0)
