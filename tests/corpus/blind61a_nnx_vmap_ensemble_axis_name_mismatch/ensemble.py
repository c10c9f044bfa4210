import jax
import jax.numpy as jnp
import optax
from flax import nnx

MEMBER_AXIS = "member"


class Member(nnx.Module):

  def __init__(self, din: int, nclass: int, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, 256, rngs=rngs)
    self.out = nnx.Linear(256, nclass, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.relu(self.hidden(x)))


def codistill_loss(member: Member, x, labels, temperature: float = 2.0):
  """Cross-entropy plus distillation towards the ensemble-average prediction."""
  logits = member(x)
  teacher = jax.lax.stop_gradient(jax.lax.pmean(logits, MEMBER_AXIS))
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels)
  kd = optax.softmax_cross_entropy(logits / temperature, jax.nn.softmax(teacher / temperature))
  return jnp.mean(ce + kd)
