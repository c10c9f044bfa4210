import jax
from flax import nnx


def make_predict(graphdef):

  @nnx.vmap(in_axes=(0, None), out_axes=0)
  def member_logits(member, x):
    return member(x)

  def predict(params, rest, x):
    members = nnx.merge(graphdef, params, rest)
    probs = jax.nn.softmax(member_logits(members, x), axis=-1)
    return probs.mean(axis=0)

  return predict
