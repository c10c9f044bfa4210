import functools

import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

from ringattn import RingAttention

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Explicit,))
attn = RingAttention(axis_name="sp", ring_size=4)

seq = NamedSharding(mesh, P("sp", None))
q, k, v = (jax.device_put(jnp.ones((64, 32)), seq) for _ in range(3))


@eqx.filter_jit
def sharded_attention(m, q, k, v):
    inner = jax.shard_map(
        lambda q, k, v: m(q, k, v),
        mesh=mesh,
        in_specs=(P("sp", None),) * 3,
        out_specs=P("sp", None),
    )
    return inner(q, k, v)


print(jax.jit(sharded_attention).trace(attn, q, k, v).lower(lowering_platforms=("cuda",)).as_text()[:30])
