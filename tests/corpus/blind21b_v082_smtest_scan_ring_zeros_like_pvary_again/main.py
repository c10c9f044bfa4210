from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('ring',))
SIZE = 4
PERM = [(i, (i + 1) % SIZE) for i in range(SIZE)]


def ring_allreduce(x):
  acc = lax.pvary(jnp.zeros_like(x), 'ring')

  def step(carry, _):
    acc, msg = carry
    acc = acc + msg
    return (acc, lax.ppermute(msg, 'ring', PERM)), None

  (acc, _), _ = lax.scan(step, (acc, x), None, length=SIZE)
  return acc


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('ring'), out_specs=P('ring'))
def f(x):
  return ring_allreduce(x)


f.trace(jnp.ones((8, 4))).lower(lowering_platforms=('cuda',))
