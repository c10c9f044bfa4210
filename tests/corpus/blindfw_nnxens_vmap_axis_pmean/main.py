"""A deep ensemble in NNX: members created with nnx.split_rngs + nnx.vmap, applied with
nnx.vmap(axis_name='member') whose body averages the members' logits with pmean; trained with
nnx.value_and_grad and nnx.Optimizer inside nnx.jit."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx

ENSEMBLE = 4


class Classifier(nnx.Module):
  def __init__(self, din, dhidden, nclass, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, dhidden, rngs=rngs)
    self.dropout = nnx.Dropout(0.2, rngs=rngs)
    self.head = nnx.Linear(dhidden, nclass, rngs=rngs)

  def __call__(self, x):
    return self.head(self.dropout(nnx.gelu(self.hidden(x))))


@nnx.split_rngs(splits=ENSEMBLE)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return Classifier(16, 64, 10, rngs=rngs)


member_vmap = functools.partial(nnx.vmap, in_axes=(0, None), out_axes=0, axis_name='member')


def ensemble_logits(ensemble, x):
  @member_vmap
  def member(model, x):
    logits = model(x)
    return logits, jax.lax.pmean(logits, 'member')
  return member(ensemble, x)


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  def loss_fn(ensemble):
    logits, mean_logits = ensemble_logits(ensemble, x)
    labels = jnp.broadcast_to(y, logits.shape[:-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), mean_logits

  (loss, mean_logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(ensemble)
  optimizer.update(ensemble, grads)
  return loss, (mean_logits[0].argmax(-1) == y).mean()


ensemble = create_ensemble(nnx.Rngs(0))
optimizer = nnx.Optimizer(ensemble, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
x, y = jnp.ones((32, 16)), jnp.zeros((32,), jnp.int32)
train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=("cuda",))
