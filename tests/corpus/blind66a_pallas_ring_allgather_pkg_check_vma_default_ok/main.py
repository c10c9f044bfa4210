from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from collective import RING, ring_all_gather

mesh = jax.make_mesh((4,), (RING,))
n = len(jax.devices())

all_gather = jax.jit(
    jax.shard_map(
        partial(ring_all_gather, num_devices=n),
        mesh=mesh,
        in_specs=P(RING),
        out_specs=P(),
        check_vma=False,
    ))

x = jax.ShapeDtypeStruct((n * 8, 128), jnp.float32)
all_gather.trace(x).lower(lowering_platforms=("tpu",))
