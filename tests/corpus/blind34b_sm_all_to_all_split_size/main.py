from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('ep',), axis_types=(jax.sharding.AxisType.Auto,))


@partial(jax.shard_map, mesh=mesh, in_specs=P('ep'), out_specs=P('ep'))
def dispatch(tokens):
  # tokens: [num_experts_local=2, capacity, d]; user expected one slot per device
  return jax.lax.all_to_all(tokens, 'ep', split_axis=0, concat_axis=0)


x = jnp.ones((8, 16, 32))
print(jax.jit(dispatch).trace(x).lower(lowering_platforms=('cuda',)).as_text()[:30])
