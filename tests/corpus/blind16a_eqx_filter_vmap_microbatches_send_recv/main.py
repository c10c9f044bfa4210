import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
MICRO = 8
AXIS = 'pp'
mesh = Mesh(np.array(jax.devices()), (AXIS,))


class StageMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, 2 * d, key=k1)
    self.down = eqx.nn.Linear(2 * d, d, key=k2)

  def __call__(self, x):
    return x + self.down(jax.nn.silu(self.up(x)))


def shift_right(h):
  perm = [(i, i + 1) for i in range(N - 1)]
  tok = lax.psend(h, AXIS, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), AXIS, perm)


def make_step(static):

  def step(params, micro):
    stage = eqx.combine(jax.tree.map(lambda p: p[0], params), static)

    def one_microbatch(x):
      h = stage(x)
      for _ in range(N - 1):
        h = stage(shift_right(h))
      return h

    return eqx.filter_vmap(one_microbatch)(micro)

  return step


stages = eqx.filter_vmap(lambda k: StageMLP(32, k))(jax.random.split(jax.random.key(0), N))
params, static = eqx.partition(stages, eqx.is_array)
step = jax.jit(jax.shard_map(make_step(static), mesh=mesh, in_specs=(P(AXIS), P()),
                             out_specs=P(AXIS), check_vma=False))
micro = jnp.ones((MICRO, 32))
step.trace(params, micro).lower(lowering_platforms=('cuda',))
