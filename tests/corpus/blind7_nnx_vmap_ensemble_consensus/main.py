from flax import nnx
import jax
import jax.numpy as jnp
import optax

ENSEMBLE_AXIS = 'ensemble'


class Member(nnx.Module):
  """One ensemble member. Besides its own logits it returns the ensemble's averaged
  prediction, which members are regularised towards."""

  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, 64, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.l2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    logits = self.l2(self.drop(nnx.relu(self.l1(x))))
    consensus = jax.lax.pmean(jax.nn.softmax(logits), ENSEMBLE_AXIS)
    return logits, consensus


def make_ensemble(n: int, din: int, dout: int, seed: int = 0):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return Member(din, dout, rngs=rngs)

  return create(nnx.Rngs(seed))


NUM_MEMBERS = 4
ensemble = make_ensemble(NUM_MEMBERS, din=8, dout=3)
optimizer = nnx.Optimizer(ensemble, optax.adam(1e-3), wrt=nnx.Param)


def member_loss(member, x, y):
  logits, consensus = member(x)
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  kl = jnp.sum(consensus * (jnp.log(consensus + 1e-8) - jax.nn.log_softmax(logits)), -1)
  return ce + 0.1 * kl.mean()


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  per_member = nnx.vmap(member_loss, in_axes=(0, None, None), axis_name=ENSEMBLE_AXIS)
  loss, grads = nnx.value_and_grad(lambda m: per_member(m, x, y).sum())(ensemble)
  optimizer.update(ensemble, grads)
  return loss


@nnx.jit
def predict(ensemble, x):
  forward = nnx.vmap(lambda m, x: m(x)[1], in_axes=(0, None), axis_name=ENSEMBLE_AXIS)
  return forward(ensemble, x)[0]


x = jnp.ones((32, 8))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=('cuda',))

ensemble.eval()
predict.trace(ensemble, x).lower(lowering_platforms=('cuda',))
