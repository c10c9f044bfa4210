from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from halo_conv import HaloConv1d

CONFIG = {"mesh_axis": "space", "channels": 8, "kernel_size": 5}

mesh = Mesh(np.array(jax.devices()), (CONFIG["mesh_axis"],))
model = HaloConv1d(CONFIG["channels"], CONFIG["kernel_size"], num_shards=mesh.size,
                   key=jr.PRNGKey(0), axis_name="spatial")


def sharded_apply(model, x):
    params, static = eqx.partition(model, eqx.is_array)
    spec = P(None, CONFIG["mesh_axis"])
    run = shard_map(lambda p, x: eqx.combine(p, static)(x), mesh=mesh,
                    in_specs=(P(), spec), out_specs=spec)
    return run(params, x)


sharded_apply = eqx.filter_jit(sharded_apply)

params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((8, 256))
lowered = jax.jit(lambda p, x: sharded_apply(eqx.combine(p, static), x)).trace(
    params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
