import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

DP = 'dp'
N_MICRO = 4


def loss_fn(params, x, y):
  h = jax.nn.relu(x @ params['w1'])
  return jnp.mean((h @ params['w2'] - y) ** 2)


def accumulate_grads(params, xs, ys):
  zeros = jax.tree.map(jnp.zeros_like, params)

  def micro(i, acc):
    x = jax.lax.dynamic_index_in_dim(xs, i, keepdims=False)
    y = jax.lax.dynamic_index_in_dim(ys, i, keepdims=False)
    g = jax.grad(loss_fn)(params, x, y)
    return jax.tree.map(jnp.add, acc, g)

  grads = jax.lax.fori_loop(0, N_MICRO, micro, zeros)
  return jax.tree.map(lambda g: g / (N_MICRO * jax.lax.axis_size(DP)), grads)


def make_step(mesh, opt):
  @jax.jit
  def step(params, opt_state, xs, ys):
    grads = jax.shard_map(accumulate_grads, mesh=mesh,
                          in_specs=(P(), P(None, DP), P(None, DP)), out_specs=P())(params, xs, ys)
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state
  return step


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (DP,))
  opt = optax.adam(1e-3)
  params = {'w1': jnp.ones((8, 16)) * 0.1, 'w2': jnp.ones((16, 1)) * 0.1}
  step = make_step(mesh, opt)
  xs = jnp.ones((N_MICRO, 16, 8))
  ys = jnp.ones((N_MICRO, 16, 1))
  step.trace(params, opt.init(params), xs, ys).lower(lowering_platforms=('cuda',))
