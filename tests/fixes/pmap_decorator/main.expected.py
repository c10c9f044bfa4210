from functools import partial

import jax
from jax.sharding import PartitionSpec as P


mesh = jax.sharding.Mesh(jax.devices(), ("i",))


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def total(v):
    return jax.lax.psum(v, "i")


if __name__ == "__main__":
    total(jax.numpy.ones((4, 8)))
