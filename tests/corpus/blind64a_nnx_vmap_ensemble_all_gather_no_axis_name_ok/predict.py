from flax import nnx

from ensemble import MEMBER_AXIS


def _apply(member, x):
  return member.predict_with_disagreement(x)


ensemble_apply = nnx.vmap(_apply, in_axes=(0, None), out_axes=(0, None),
                          axis_name=MEMBER_AXIS)


@nnx.jit
def predict(members, x):
  logits, disagreement = ensemble_apply(members, x)
  return logits.mean(axis=0), disagreement
