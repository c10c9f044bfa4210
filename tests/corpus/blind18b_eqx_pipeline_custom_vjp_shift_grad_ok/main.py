import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comms import make_shift

N = 4
shift = make_shift('pp', N)


class Stage(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, key):
    self.lin = eqx.nn.Linear(32, 32, key=key)

  def __call__(self, x):
    return jnp.tanh(jax.vmap(self.lin)(x))


def step(params, static, x, y):
  params = jax.tree.map(lambda a: a[0], params)

  @eqx.filter_value_and_grad
  def loss_fn(p):
    stage = eqx.combine(p, static)
    h = x
    for _ in range(N - 1):
      h = shift(stage(h))
    out = stage(h)
    is_last = jax.lax.axis_index('pp') == N - 1
    return jax.lax.psum(jnp.where(is_last, jnp.mean((out - y) ** 2), 0.0), 'pp')

  loss, g = loss_fn(params)
  return loss, jax.tree.map(lambda a: a[None], g)


stages = eqx.filter_vmap(Stage)(jax.random.split(jax.random.PRNGKey(0), N))
params, static = eqx.partition(stages, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), ('pp',))
train = jax.jit(jax.shard_map(lambda p, x, y: step(p, static, x, y), mesh=mesh,
                              in_specs=(P('pp'), P(), P()), out_specs=(P(), P('pp')),
                              check_vma=False))
x = jnp.ones((8, 32))
train.trace(params, x, x).lower(lowering_platforms=('cuda',))
