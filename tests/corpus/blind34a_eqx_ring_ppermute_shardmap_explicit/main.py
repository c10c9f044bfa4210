import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ring import RingMatmul

n = jax.device_count()
mesh = jax.make_mesh((n,), ("ring",))
layer = RingMatmul(axis="ring", size=n)

ring_fn = jax.jit(jax.shard_map(layer, mesh=mesh,
                                in_specs=(P("ring", None), P("ring", None)),
                                out_specs=P("ring", None)))

x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P("ring", None)))
w = jax.device_put(jnp.ones((32, 8)), NamedSharding(mesh, P("ring", None)))
print(ring_fn.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:10])
