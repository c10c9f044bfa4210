import jax
from flax import nnx


class Member(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 3, rngs=rngs)

  def __call__(self, x):
    logits = self.l2(nnx.relu(self.l1(x)))
    return logits, jax.lax.pmean(logits, 'ensemble')


@nnx.vmap(in_axes=0, out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return Member(rngs)
