import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("sp",))


@jax.shard_map(mesh=mesh, in_specs=P("sp"), out_specs=P("sp"))
def smooth(u):
    left = jax.lax.ppermute(u[-1:], "sp", [(i, (i + 1) % 4) for i in range(4)])
    return u.at[:1].add(left)


def run(u0):
    def step(u, _):
        return smooth(u), u.sum()
    return jax.lax.scan(step, u0, None, length=5)


ARGS = (jax.ShapeDtypeStruct((32,), jnp.float32),)
