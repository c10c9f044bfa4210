import functools

import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring import right_permute

mesh = Mesh(np.array(jax.devices()), ('x',))
N = mesh.shape['x']


class RingMixer(eqx.Module):
  """Token mixer: each shard adds a projection of its left neighbour's block."""
  proj: eqx.nn.Linear

  def __init__(self, d, *, key):
    self.proj = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    neighbour = right_permute(x, axis_name='x', num_devices=N)
    return x + jax.vmap(self.proj)(neighbour)


@eqx.filter_jit
def mix(model, x):
  params, static = eqx.partition(model, eqx.is_array)

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'),
                     check_vma=False)
  def sharded(params, x):
    return eqx.combine(params, static)(x)

  return sharded(params, x)


model = RingMixer(128, key=jr.PRNGKey(0))
x = jnp.ones((8 * N, 128), jnp.float32)
params, static = eqx.partition(model, eqx.is_array)
print(jax.jit(lambda p, x: mix(eqx.combine(p, static), x)).trace(params, x)
      .lower(lowering_platforms=('tpu',)).as_text()[:40])
