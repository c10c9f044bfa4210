import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'replica'
pmean = functools.partial(lax.pmean, axis_name=AXIS)


class Model(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    self.conv = nnx.Conv(3, 16, kernel_size=(3, 3), rngs=rngs)
    self.bn = nnx.BatchNorm(16, use_running_average=True, rngs=rngs)
    self.head = nnx.Linear(16, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.conv(x)))
    return self.head(x.mean(axis=(1, 2)))


model = Model(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


def train_step(state, images, labels):
  model, optimizer = nnx.merge(graphdef, state)

  def loss_fn(model):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, pmean(grads))
  return nnx.state((model, optimizer)), pmean(loss)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P(AXIS), P(AXIS)), out_specs=(P(), P()))
train_step = jax.jit(train_step)

images = jnp.zeros((8, 16, 16, 3))
labels = jnp.zeros((8,), jnp.int32)
train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
