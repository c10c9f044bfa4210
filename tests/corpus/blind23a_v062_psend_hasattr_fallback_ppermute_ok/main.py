from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from pipeline import shift_right

mesh = jax.make_mesh((4,), ('stages',))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('stages'), P('stages')),
         out_specs=P('stages'), check_vma=False)
def stage_step(w, x):
  h = jnp.tanh(x @ w[0])
  return shift_right(h)


w = jnp.ones((4, 16, 16))
x = jnp.ones((8, 16))
print(stage_step.trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:60])
