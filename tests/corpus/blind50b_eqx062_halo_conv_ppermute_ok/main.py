from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from halo_conv import HaloConv1d

mesh = Mesh(np.array(jax.devices()), ("space",))
model = HaloConv1d(8, 3, num_shards=4, key=jr.PRNGKey(0))


@eqx.filter_jit
def apply_sharded(model, x):
    params, static = eqx.partition(model, eqx.is_array)

    @partial(shard_map, mesh=mesh, in_specs=(P(), P(None, "space")),
             out_specs=P(None, "space"))
    def run(params, x):
        return eqx.combine(params, static)(x)

    return run(params, x)


params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((8, 128))
lowered = jax.jit(lambda p, x: apply_sharded(eqx.combine(p, static), x)).trace(
    params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
