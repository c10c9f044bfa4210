import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from stages import make_stages

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))
stages = make_stages(16, 'stage', NUM_STAGES, jr.PRNGKey(0))


@eqx.filter_jit
def pipeline(stages, microbatches):
  params, static = eqx.partition(stages, eqx.is_array)

  def per_stage(params, mb):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    return stage(mb[0])[None]

  return jax.shard_map(per_stage, mesh=mesh, in_specs=(P('stage'), P('stage')),
                       out_specs=P('stage'))(params, microbatches)


microbatches = jnp.ones((NUM_STAGES, 2, 16))
params, static = eqx.partition(stages, eqx.is_array)
print(jax.jit(lambda p, m: pipeline(eqx.combine(p, static), m)).trace(params, microbatches)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
