from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nn.Module):
  features: int = 64

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(self.features)(x))
    return nn.Dense(10)(x)


mesh = Mesh(np.array(jax.devices()), ('data',))
model = MLP()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 32)))
tx = optax.sgd(0.1)
opt_state = tx.init(params)


def loss_fn(params, x, y):
  logits = model.apply(params, x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()))
def train_step(params, opt_state, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = jax.lax.pmean(grads, axis_name='batch')
  loss = jax.lax.pmean(loss, axis_name='data')
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


x = jnp.ones((64, 32))
y = jnp.zeros((64,), jnp.int32)
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
