from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from neighbor import NeighbourMix

n = len(jax.devices())
mesh = Mesh(jax.devices(), ('devices',))
model = NeighbourMix(128, n, 'devices', key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('devices')), out_specs=P('devices'),
         check_vma=False)
def forward(params, x):
  model = eqx.combine(params, static)
  return model(x)


x = jnp.ones((8 * n, 128), jnp.float32)
print(forward.trace(params, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
