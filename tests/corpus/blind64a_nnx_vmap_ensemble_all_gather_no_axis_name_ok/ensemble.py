import jax.numpy as jnp
from jax import lax
from flax import nnx

MEMBER_AXIS = "member"


class MLP(nnx.Module):
  def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    return self.fc2(self.dropout(nnx.gelu(self.fc1(x))))

  def predict_with_disagreement(self, x):
    """Per-member logits plus the ensemble's predictive variance (needs every member)."""
    logits = self(x)
    probs = nnx.softmax(logits, axis=-1)
    all_probs = lax.all_gather(probs, MEMBER_AXIS)      # (members, batch, classes)
    mean = all_probs.mean(axis=0)
    disagreement = jnp.sum(jnp.square(all_probs - mean), axis=(0, -1)) / all_probs.shape[0]
    return logits, disagreement


def create_ensemble(num_members: int, din: int, dhidden: int, dout: int, rngs: nnx.Rngs):
  @nnx.split_rngs(splits=num_members)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs: nnx.Rngs):
    return MLP(din, dhidden, dout, rngs=rngs)

  return create(rngs)
