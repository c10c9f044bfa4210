import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from clipping import clip_by_global_norm, global_norm

AXIS = 'fsdp'


def loss_fn(params, x, y):
  h = jnp.tanh(x @ params['w1'])
  return jnp.mean((h @ params['w2'] - y) ** 2)


def make_steps(mesh):
  param_spec = {'w1': P(None, AXIS), 'w2': P(AXIS, None)}

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_spec, P(), P()),
                     out_specs=(param_spec, P()), check_vma=False)
  def train_step(params, x, y):
    def local_loss(p):
      h = jnp.tanh(x @ p['w1'])
      return jnp.mean((jax.lax.psum(h @ p['w2'], AXIS) - y) ** 2)
    grads = jax.grad(local_loss)(params)
    grads, norm = clip_by_global_norm(grads, 1.0, AXIS)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads), norm

  @jax.jit
  def diagnostics(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return global_norm(grads, AXIS)

  return train_step, diagnostics
