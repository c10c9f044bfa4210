import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

USE_SHARD_MAP = True
mesh = Mesh(np.array(jax.devices()), ("x",))


def body(x):
    return jax.lax.psum(x, "x")


if USE_SHARD_MAP:
    reduce_fn = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P())
else:
    reduce_fn = jax.pmap(body, axis_name="x")


def run(x):
    return reduce_fn(x)


ARGS = (jax.ShapeDtypeStruct((8,), jnp.float32),)
