"""A deep ensemble: the members are created with nnx.vmap over split rngs and evaluated with
nnx.vmap; the members agree on a mean prediction with pmean over the ensemble axis."""
import jax
import jax.numpy as jnp
from flax import nnx

ENSEMBLE_AXIS = 'ensemble'


class Member(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, dhidden, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.out = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.out(self.dropout(nnx.relu(self.hidden(x))))


def create_ensemble(size, din, dhidden, dout, seed=0):
  @nnx.split_rngs(splits=size)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(din, dhidden, dout, rngs=rngs)
  return create(nnx.Rngs(seed))


@nnx.vmap(in_axes=(0, None), out_axes=0, axis_name=ENSEMBLE_AXIS)
def ensemble_predict(member, x):
  logits = member(x)
  mean = jax.lax.pmean(logits, ENSEMBLE_AXIS)
  disagreement = jnp.mean((logits - mean) ** 2, axis=-1)
  return mean, disagreement
