import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

from ringattn import RingAttention

mesh = jax.make_mesh((4,), ("sp",), axis_types=(jax.sharding.AxisType.Auto,))
attn = RingAttention(axis_name="sp", ring_size=4)

seq = NamedSharding(mesh, P("sp", None))
q = jax.device_put(jnp.ones((64, 32)), seq)
k = jax.device_put(jnp.ones((64, 32)), seq)
v = jax.device_put(jnp.ones((64, 32)), seq)

# sequence-sharded inputs, jit only: relies on the sharding to place work
f = eqx.filter_jit(lambda m, q, k, v: m(q, k, v))
print(jax.jit(f).trace(attn, q, k, v).lower(lowering_platforms=("cuda",)).as_text()[:30])
