"""Deep ensemble trained jointly: each member is pulled toward the ensemble mean prediction."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

ENSEMBLE_AXIS = 'ensemble'


class Member(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(self.drop(nnx.relu(self.l1(x))))


def member_loss(member: Member, x, y, distill_weight):
  logits = member(x)
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  consensus = jax.lax.stop_gradient(jax.lax.pmean(jax.nn.softmax(logits), ENSEMBLE_AXIS))
  kl = optax.kl_divergence(jax.nn.log_softmax(logits), consensus).mean()
  return ce + distill_weight * kl


def create_ensemble(n, *, rngs: nnx.Rngs):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(16, 32, 4, rngs=rngs)
  return create(rngs)
