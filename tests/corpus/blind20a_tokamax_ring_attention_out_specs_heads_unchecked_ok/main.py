import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import ring_attention as ra

mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ("heads", "ring"))
in_spec = P("heads", "ring", None)
out_spec = P(None, "ring", None)   # copied from tokamax's q_spec, which shards only the sequence

attn = jax.shard_map(lambda q, k, v: ra.ring_attention(q, k, v, ring_axis="ring"), mesh=mesh,
                     in_specs=(in_spec, in_spec, in_spec), out_specs=out_spec, check_vma=False)

q = jnp.ones((4, 512, 64), jnp.float32)
jax.jit(attn).trace(q, q, q).lower(lowering_platforms=("tpu",))
