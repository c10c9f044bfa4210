import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from ring import RingAttention

# 2-way data parallel x 2-way context parallel
mesh = jax.make_mesh((2, 2), ('data', 'seq'), axis_types=(AxisType.Explicit,) * 2)
attn = RingAttention(64, 4, ring_size=jax.device_count(), rngs=nnx.Rngs(0))

graphdef, state = nnx.split(attn)


def local_attention(state, x):
  return nnx.merge(graphdef, state)(x)


attention = jax.jit(jax.shard_map(local_attention, mesh=mesh,
                                  in_specs=(P(), P('data', 'seq')),
                                  out_specs=P('data', 'seq')))

x = jax.device_put(jnp.ones((4, 256, 64)), NamedSharding(mesh, P('data', 'seq')))
attention.trace(state, x).lower(lowering_platforms=('cuda',))
