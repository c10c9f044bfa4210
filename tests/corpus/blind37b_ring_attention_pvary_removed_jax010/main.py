from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

from ringattn.ops import ring_attention_sharded

mesh = jax.make_mesh((1, 4), ("dp", "sp"), axis_types=(AxisType.Explicit, AxisType.Explicit))
qkv_spec = P("dp", "sp", None, None)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(qkv_spec,) * 3, out_specs=qkv_spec)
def attention(q, k, v):
  return ring_attention_sharded(q, k, v, axis_name="sp")


sharding = jax.NamedSharding(mesh, qkv_spec)
q = jax.device_put(jnp.ones((2, 128, 4, 32), jnp.bfloat16), sharding)
print(attention.trace(q, q, q).lower(lowering_platforms=("cuda",)).as_text()[:50])
