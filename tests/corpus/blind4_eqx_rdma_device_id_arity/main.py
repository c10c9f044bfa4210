from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RingMixer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "x"))
mixer = RingMixer(128, "x", mesh.shape["x"], key=jax.random.PRNGKey(0))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data", "x")), out_specs=P("data", "x"),
         check_vma=False)
def apply(mixer, x):
    # x: (1, rows_per_device, 128) -- one data replica's slice of the ring
    return jax.vmap(mixer)(x)


x = jnp.ones((2, 16, 128), jnp.float32)
apply.trace(mixer, x).lower(lowering_platforms=("tpu",))
