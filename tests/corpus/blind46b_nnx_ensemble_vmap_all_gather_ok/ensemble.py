from flax import nnx
import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = 'ensemble'


class Member(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dmid, rngs=rngs)
    self.bn = nnx.BatchNorm(dmid, rngs=rngs)
    self.dropout = nnx.Dropout(0.2, rngs=rngs)
    self.linear_out = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.dropout(self.bn(self.linear(x))))
    y = self.linear_out(x)
    # every member sees all members' predictions
    all_y = jax.lax.all_gather(y, axis_name=ENSEMBLE_AXIS)
    disagreement = jnp.var(all_y, axis=0).mean()
    return y, disagreement


@nnx.split_rngs(splits=5)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return Member(2, 32, 3, rngs=rngs)
