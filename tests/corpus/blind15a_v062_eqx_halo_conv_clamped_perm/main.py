import functools

import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ('sp',))


class CausalConv(eqx.Module):
  conv: eqx.nn.Conv1d
  width: int = eqx.field(static=True)

  def __init__(self, channels, width, key):
    self.width = width
    self.conv = eqx.nn.Conv1d(channels, channels, width, key=key)

  def __call__(self, x_local, axis_name, n):
    # x_local: [C, T/n]; take the last width-1 steps of the left neighbour
    tail = x_local[:, -(self.width - 1):]
    shift = [(i, min(i + 1, n - 1)) for i in range(n)]
    halo = jax.lax.ppermute(tail, axis_name, shift)
    halo = jnp.where(jax.lax.axis_index(axis_name) == 0, 0.0, halo)
    return self.conv(jnp.concatenate([halo, x_local], axis=1))


conv = CausalConv(8, 3, jax.random.PRNGKey(0))


@eqx.filter_jit
def apply(conv, x):
  body = functools.partial(CausalConv.__call__, axis_name='sp', n=N)
  return shard_map(body, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                   out_specs=P(None, 'sp'), check_rep=False)(conv, x)


x = jnp.ones((8, 64))
jax.jit(apply).trace(conv, x).lower(lowering_platforms=('cuda',))
