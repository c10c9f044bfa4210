from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, auto_axes

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


@partial(auto_axes, out_sharding=P("X", None, None))
def embed_lookup(table, ids):
    return jnp.take(table, ids, axis=0)


@jax.jit
def forward(table, ids):
    h = embed_lookup(table, ids)
    return jnp.sum(h, axis=-1)


with jax.set_mesh(mesh):
    table = jax.device_put(jnp.ones((128, 16)), P("Y", None))
    ids = jax.device_put(jnp.zeros((4, 8), jnp.int32), P("X", None))
    out = forward.trace(table, ids).lower(lowering_platforms=("cuda",))
    print("ok")
