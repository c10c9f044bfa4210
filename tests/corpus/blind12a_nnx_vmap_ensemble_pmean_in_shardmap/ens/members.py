from flax import nnx


class Member(nnx.Module):

  def __init__(self, din, dout, *, rngs):
    self.l1 = nnx.Linear(din, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


def make_ensemble(n, din, dout, seed=0):

  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def build(rngs):
    return Member(din, dout, rngs=rngs)

  return build(nnx.Rngs(seed))
