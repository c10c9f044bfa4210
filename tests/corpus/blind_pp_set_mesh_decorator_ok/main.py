"""Pipeline shift decorated with jax.shard_map without mesh=, lowered under `with jax.set_mesh(mesh)`."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("pp",), axis_types=(jax.sharding.AxisType.Auto,))
PERM = [(0, 1), (1, 2), (2, 3)]


@jax.jit
@partial(jax.shard_map, in_specs=P("pp"), out_specs=P("pp"))
def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


with jax.set_mesh(mesh):
    shift.trace(jax.ShapeDtypeStruct((16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
