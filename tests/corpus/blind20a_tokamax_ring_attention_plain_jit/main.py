"""Ring attention called directly on globally sharded arrays (GSPMD-style), no shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ring_attention import ring_attention

mesh = Mesh(np.asarray(jax.devices()), ("ring",))
seq_sharded = NamedSharding(mesh, P(None, "ring", None))

q = jax.device_put(jnp.ones((8, 1024, 64), jnp.bfloat16), seq_sharded)
k = jax.device_put(jnp.ones((8, 1024, 64), jnp.bfloat16), seq_sharded)
v = jax.device_put(jnp.ones((8, 1024, 64), jnp.bfloat16), seq_sharded)

ring_attention.trace(q, k, v, ring_axis="ring").lower(lowering_platforms=("tpu",))
