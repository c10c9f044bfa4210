from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('stage',), axis_types=(jax.sharding.AxisType.Explicit,))

STAGES = [lambda h, s=s: jnp.tanh(h * (s + 1.)) for s in range(4)]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('stage'), out_specs=P('stage'))
def pipeline_step(h):
  i = lax.axis_index('stage')
  h = lax.switch(i, STAGES, h)
  return lax.ppermute(h, 'stage', [(j, (j + 1) % 4) for j in range(4)])


h = jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(mesh, P('stage')))
pipeline_step.trace(h).lower(lowering_platforms=('cuda',))
print('ok')
