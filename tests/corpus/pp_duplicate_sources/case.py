import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("x",))
# stage 0 broadcasts to two consumers
FANOUT = [(0, 1), (0, 2)]


def fan_out(x):
    tok = jax.lax.psend(x, "x", FANOUT)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", FANOUT)


def run(x):
    return jax.shard_map(fan_out, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x)


ARGS = (jax.ShapeDtypeStruct((8, 8), jnp.float32),)
