from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from collective import matmul_allgather_overlapped

mesh = Mesh(np.array(jax.devices()[:4]), ("i",))

embed = jax.random.normal(jax.random.PRNGKey(0), (32, 64))
proj = jax.random.normal(jax.random.PRNGKey(1), (64, 128))

project = shard_map(
    partial(matmul_allgather_overlapped, embed),
    mesh=mesh,
    in_specs=(P("i", None), P(None, "i")),
    out_specs=P(None, "i"),
    check_rep=False,
)
project = jax.jit(project)

print(project.trace(proj).lower(lowering_platforms=("cuda",)).as_text()[:40])
