from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('sp',), axis_types=(jax.sharding.AxisType.Explicit,))


@partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'sp', None), out_specs=P(None, None, 'sp'))
def seq_to_heads(x):
  # [batch, seq/sp, heads] -> [batch, seq, heads/sp]
  return jax.lax.all_to_all(x, 'sp', split_axis=2, concat_axis=1, tiled=True)


spec = jax.ShapeDtypeStruct((2, 64, 8), jnp.float32, sharding=NamedSharding(mesh, P(None, 'sp', None)))
print(jax.eval_shape(seq_to_heads, spec))
lowered = jax.jit(seq_to_heads).trace(spec).lower(lowering_platforms=('cuda',))
if jax.default_backend() == 'gpu':
  lowered.compile()
print('ok')
