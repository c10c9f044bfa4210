import jax
import jax.numpy as jnp
from flax import nnx

MEMBERS = "members"


class Member(nnx.Module):

  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, 128, rngs=rngs)
    self.fc2 = nnx.Linear(128, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))

  def consensus(self, x, mix: float = 0.5):
    """Blend this member's logits with the ensemble mean (co-distillation target)."""
    logits = self(x)
    return (1.0 - mix) * logits + mix * jax.lax.pmean(logits, MEMBERS)


def make_ensemble(n: int, din: int, dout: int, seed: int = 0) -> Member:
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(din, dout, rngs=rngs)

  return create(nnx.Rngs(seed))
