import jax
from flax import nnx

MEMBER_AXIS = 'member'


class Member(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.lin1 = nnx.Linear(din, 32, rngs=rngs)
    self.bn = nnx.BatchNorm(32, use_running_average=True, rngs=rngs)
    self.lin2 = nnx.Linear(32, dout, rngs=rngs)

  def __call__(self, x):
    return self.lin2(nnx.relu(self.bn(self.lin1(x))))


def make_ensemble(n, din, dout, seed=0):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs):
    return Member(din, dout, rngs=rngs)

  return create(nnx.Rngs(seed))


state_axes = nnx.StateAxes({(nnx.Param, nnx.BatchStat): 0, ...: None})


@nnx.vmap(in_axes=(state_axes, None), out_axes=None, axis_name=MEMBER_AXIS)
def ensemble_predict(member: Member, x):
  probs = jax.nn.softmax(member(x))
  return jax.lax.pmean(probs, MEMBER_AXIS)
