import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DP_MODE = os.environ.get('DP_MODE', 'shard_map')


class MLP(nn.Module):
  hidden: int = 128
  classes: int = 10

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(self.hidden)(x))
    return nn.Dense(self.classes)(x)


model = MLP()
tx = optax.sgd(0.1)


def train_step(params, opt_state, x, labels):
  def loss_fn(p):
    logits = model.apply({'params': p}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, 'batch')
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, 'batch')


def compile_step(mesh):
  if DP_MODE == 'shard_map':
    return jax.jit(jax.shard_map(train_step, mesh=mesh,
                                 in_specs=(P(), P(), P('batch'), P('batch')),
                                 out_specs=(P(), P(), P())))
  elif DP_MODE == 'jit':
    rep, data = NamedSharding(mesh, P()), NamedSharding(mesh, P('batch'))
    return jax.jit(train_step, in_shardings=(rep, rep, data, data))
  raise ValueError(DP_MODE)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  x = jnp.ones((32, 64))
  labels = jnp.zeros((32,), jnp.int32)
  params = model.init(jax.random.key(0), x[:1])['params']
  opt_state = tx.init(params)
  step = compile_step(mesh)
  step.trace(params, opt_state, x, labels).lower(lowering_platforms=('tpu',))
