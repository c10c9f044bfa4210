from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from pp.schedule import STAGE, run_microbatches

S = 2
mesh = jax.make_mesh((2, S), ('data', STAGE), axis_types=(AxisType.Explicit,) * 2)
M, B, D = 4, 8, 16


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(),
         axis_names={STAGE}, check_vma=False)
def pipeline(w, xs):
  return run_microbatches(w[0], xs, S)


with jax.set_mesh(mesh):
  w = jax.device_put(jnp.ones((S, D, D)), P(STAGE))
  xs = jax.device_put(jnp.ones((M, B, D)), P('data'))   # split microbatches over data
  print(pipeline.trace(w, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
