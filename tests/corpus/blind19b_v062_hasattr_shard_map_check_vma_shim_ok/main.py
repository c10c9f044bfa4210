from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

if hasattr(jax, "shard_map"):
    smap = partial(jax.shard_map, check_vma=False)
else:
    from jax.experimental.shard_map import shard_map

    smap = partial(shard_map, check_rep=False)

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ("ring",))
perm = []
for i in range(N):
    perm.append((i, (i + 1) % N))


def ring_sum(x):
    acc, buf = x, x
    for _ in range(N - 1):
        buf = lax.ppermute(buf, "ring", perm)
        acc = acc + buf
    return acc


f = jax.jit(smap(ring_sum, mesh=mesh, in_specs=P("ring"), out_specs=P("ring")))
f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
