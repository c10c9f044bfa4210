import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('x',))


def f(x, flag):
  def true_fn(x):
    return lax.psum(x * 2, 'x')

  def false_fn(x):
    return lax.psum(x, 'x') + 1.

  return lax.cond(flag, true_fn, false_fn, x)


g = shard_map(f, mesh=mesh, in_specs=(P('x'), P()), out_specs=P())
jax.jit(g).trace(jnp.arange(8.), True).lower(lowering_platforms=('cuda',))
print('ok')
