"""Context-parallel attention layer with the default (checking) shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import ring_attention

mesh = Mesh(np.asarray(jax.devices()).reshape(1, 4), ("heads", "ring"))
spec = P("heads", "ring", None)


def attention(q, k, v):
    return ring_attention(q, k, v, ring_axis="ring")


context_parallel_attention = jax.jit(jax.shard_map(attention, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec))

x = jnp.ones((4, 512, 64), jnp.bfloat16)
context_parallel_attention.trace(x, x, x).lower(lowering_platforms=("tpu",))
