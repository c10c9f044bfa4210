import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P


class Net(nn.Module):
  width: int = 64

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.width)(x)
    x = nn.LayerNorm()(x)
    return nn.Dense(1)(nn.relu(x))[..., 0]


def reduce_grads(flat_grads, axis):
  # memory-efficient alternative to lax.pmean(flat_grads, axis)
  return jax.lax.psum_scatter(flat_grads, axis, tiled=True) / jax.lax.axis_size(axis)


def make_grad_fn(mesh, unravel, size, apply_fn):

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def grad_fn(flat_params, x, y):
    def loss(fp):
      return jnp.mean((apply_fn({'params': unravel(fp[:size])}, x) - y) ** 2)
    l, g = jax.value_and_grad(loss)(flat_params)
    return jax.lax.pmean(l, 'data'), reduce_grads(g, 'data')

  return grad_fn


net = Net()
params = net.init(jax.random.key(0), jnp.ones((1, 8)))['params']
state = train_state.TrainState.create(apply_fn=net.apply, params=params, tx=optax.sgd(0.1))
flat, unravel = ravel_pytree(state.params)
size = flat.size
mesh = Mesh(np.array(jax.devices()), ('data',))
flat = jnp.pad(flat, (0, -size % mesh.size))
grad_fn = make_grad_fn(mesh, unravel, size, state.apply_fn)
x = jnp.ones((32, 8))
y = jnp.zeros((32,))
grad_fn.trace(flat, x, y).lower(lowering_platforms=('cuda',))
