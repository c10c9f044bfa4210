"""Data-parallel classifier whose dropout key is folded with the device index so that
every replica draws a different mask; the step body runs under nnx.shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(32, 128, rngs=rngs)
    self.drop = nnx.Dropout(0.1)
    self.l2 = nnx.Linear(128, 10, rngs=rngs)

  def __call__(self, x, *, rngs):
    return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


mesh = Mesh(np.array(jax.devices()), ('data',))
model = Classifier(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


def replica_grads(model, x, y, key):
  key = jax.random.fold_in(key, jax.lax.axis_index('data'))

  def loss_fn(model):
    logits = model(x, rngs=nnx.Rngs(dropout=key))
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


@nnx.jit
def train_step(model, optimizer, x, y, key):
  loss, grads = nnx.shard_map(replica_grads, mesh=mesh,
                              in_specs=(P(), P('data'), P('data'), P()),
                              out_specs=(P(), P()))(model, x, y, key)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((64, 32))
y = jnp.zeros((64,), jnp.int32)
train_step.trace(model, optimizer, x, y, jax.random.key(0)).lower(lowering_platforms=('cuda',))
print('lowered')
