"""ImageNet example utilities: cross-replica mean of batch stats, pmapped eval, pmap decorators."""
import functools
from typing import Any

import flax
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
  batch_stats: Any


class Net(nn.Module):
  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train)(x)
    return nn.Dense(10)(nn.relu(x).mean((1, 2)))


cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')


def sync_batch_stats(state):
  """Sync the batch statistics across replicas."""
  return state.replace(batch_stats=cross_replica_mean(state.batch_stats))


@functools.partial(jax.pmap, axis_name='batch')
def eval_step(state, images, labels):
  variables = {'params': state.params, 'batch_stats': state.batch_stats}
  logits = state.apply_fn(variables, images, train=False, mutable=False)
  return lax.pmean({'accuracy': jnp.mean(logits.argmax(-1) == labels)}, axis_name='batch')


model = Net()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 3)), train=False)
state = jax_utils.replicate(TrainState.create(
    apply_fn=model.apply, params=variables['params'], batch_stats=variables['batch_stats'],
    tx=optax.sgd(0.1)))
n = jax.local_device_count()
images = np.zeros((n, 4, 8, 8, 3), np.float32)
labels = np.zeros((n, 4), np.int32)

jax.jit(cross_replica_mean).trace(state.batch_stats).lower(lowering_platforms=('cuda',))
jax.jit(eval_step).trace(state, images, labels).lower(lowering_platforms=('cuda',))
state = sync_batch_stats(state)
print(jax.tree_util.tree_map(jnp.shape, jax_utils.unreplicate(state).batch_stats))
