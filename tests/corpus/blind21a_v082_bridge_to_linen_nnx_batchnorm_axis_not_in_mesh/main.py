from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.nnx import bridge
from jax.sharding import Mesh, PartitionSpec as P

from nnx_layers import ConvBNBlock


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = bridge.to_linen(ConvBNBlock, 3, 16)(x)
    x = bridge.to_linen(ConvBNBlock, 16, 32)(x)
    return nn.Dense(10)(x.mean(axis=(1, 2)))


mesh = Mesh(np.array(jax.devices()), ('data',))
net = Net()
tx = optax.sgd(0.1, momentum=0.9)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P(), check_vma=False)
def init(key, images):
  return net.init(key, images)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()), check_vma=False)
def train_step(variables, opt_state, images, labels):
  def loss_fn(params):
    logits, updates = net.apply({**variables, 'params': params}, images, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(variables['params'])
  grads = jax.lax.pmean(grads, 'data')
  upd, opt_state = tx.update(grads, opt_state, variables['params'])
  variables = {**variables, **updates, 'params': optax.apply_updates(variables['params'], upd)}
  return variables, opt_state, jax.lax.pmean(loss, 'data')


images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)
key = jax.random.key(0)
variables = jax.eval_shape(init, key, images)
opt_state = jax.eval_shape(tx.init, variables['params'])
jax.jit(train_step).trace(variables, opt_state, images, labels).lower(lowering_platforms=('cuda',))
