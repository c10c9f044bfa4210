from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from flax.nnx import bridge
from jax.sharding import Mesh, PartitionSpec as P


class LinenTrunk(nn.Module):
  """Existing Linen code, kept as-is: conv + cross-replica BatchNorm."""

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=False, axis_name='data', momentum=0.9)(x)
    return nn.relu(x).mean(axis=(1, 2))


class Model(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.trunk = bridge.ToNNX(LinenTrunk(), rngs=rngs)
    self.head = nnx.Linear(16, 10, rngs=rngs)

  def __call__(self, x):
    return self.head(self.trunk(x, mutable=['batch_stats']))


model = Model(nnx.Rngs(0))
# Linen BatchNorm skips its pmean while initializing, so this runs outside shard_map
bridge.lazy_init(model, jnp.ones((2, 8, 8, 3)))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
mesh = Mesh(np.asarray(jax.devices()), ('data',))


@nnx.jit
def train_step(model, optimizer, images, labels):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def local_grads(model, images, labels):
    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')

  loss, grads = local_grads(model, images, labels)
  optimizer.update(model, grads)
  return loss


images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)
train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
