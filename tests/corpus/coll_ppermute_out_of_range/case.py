import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices()[:4]).reshape((2, 2))
mesh = Mesh(devices, ("x", "y"))


def halo(u):
    left = jax.lax.ppermute(u[:, -1:], "y", perm=[(0, 1), (1, 2)])
    return u + left


def run(u):
    return jax.shard_map(halo, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y"))(u)


ARGS = (jax.ShapeDtypeStruct((16, 16), jnp.float32),)
