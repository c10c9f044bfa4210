import jax
from jax import lax
from flax import nnx

ENSEMBLE_AXIS = "ens"
N_MEMBERS = 6


class Member(nnx.Module):

  def __init__(self, d_in, d_hidden, n_classes, *, rngs):
    self.l1 = nnx.Linear(d_in, d_hidden, rngs=rngs)
    self.l2 = nnx.Linear(d_hidden, n_classes, rngs=rngs)
    self.drop = nnx.Dropout(0.2, rngs=rngs)

  def __call__(self, x):
    return self.l2(self.drop(nnx.relu(self.l1(x)), deterministic=True))


def make_ensemble(d_in, d_hidden, n_classes, seed=0):

  @nnx.split_rngs(splits=N_MEMBERS)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(d_in, d_hidden, n_classes, rngs=rngs)

  return create(nnx.Rngs(seed))


def build_predict(graphdef):

  @nnx.vmap(in_axes=(0, None), out_axes=0)
  def member_logits(member, x):
    return member(x)

  def predict(local_state, x):
    local_members = nnx.merge(graphdef, local_state)
    probs = jax.nn.softmax(member_logits(local_members, x), axis=-1)
    return lax.psum(probs.sum(axis=0), ENSEMBLE_AXIS) / N_MEMBERS

  return predict
