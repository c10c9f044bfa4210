import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class SwitchLayer(eqx.Module):
  experts: tuple

  def __init__(self, d, n, key):
    self.experts = tuple(eqx.nn.Linear(d, d, key=k) for k in jax.random.split(key, n))

  def __call__(self, x, idx):
    branches = [lambda x, e=e: jax.vmap(e)(x) for e in self.experts]
    y = lax.switch(idx, branches, x)
    return lax.all_gather(y, 'expert', axis=0, tiled=True)


mesh = Mesh(np.array(jax.devices()), ('expert',))
layer = SwitchLayer(16, 4, jax.random.key(0))
params, static = eqx.partition(layer, eqx.is_array)


def local(params, x):
  idx = lax.axis_index('expert')
  return eqx.combine(params, static)(x, idx)


f = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P('expert')), out_specs=P(),
                          check_vma=False))
f.trace(params, jnp.ones((16, 16))).lower(lowering_platforms=('cuda',))
