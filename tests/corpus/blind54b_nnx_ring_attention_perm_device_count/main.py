import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from attention import QKV, ring_attention, SEQ

mesh = jax.make_mesh((2, 2), ('data', SEQ), axis_types=(AxisType.Auto, AxisType.Auto))
layer = QKV(64, 4, nnx.Rngs(0))
graphdef, params = nnx.split(layer)


def forward(params, x):
  return ring_attention(nnx.merge(graphdef, params), x)


forward = jax.shard_map(forward, mesh=mesh,
                        in_specs=(P(), P('data', SEQ, None)),
                        out_specs=P('data', SEQ, None))
forward = jax.jit(forward)

x = jax.ShapeDtypeStruct((8, 1024, 64), jnp.bfloat16)
forward.trace(params, x).lower(lowering_platforms=('tpu',))
