import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import gpipe_tick

mesh = Mesh(np.array(jax.devices()).reshape(4), ("pp",))


def run(params, act):
    tick = jax.shard_map(gpipe_tick, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"))
    return tick(params, act)


ARGS = (jax.ShapeDtypeStruct((32, 32), jnp.float32), jax.ShapeDtypeStruct((16, 32), jnp.float32))
