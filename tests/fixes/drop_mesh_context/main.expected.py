from functools import partial

import jax
from jax.sharding import PartitionSpec as P


@partial(jax.jit, static_argnums=1)
def step(x, mesh):
    # the sum over the batch axis
    y = jax.shard_map(lambda v: jax.lax.psum(v, "batch"), mesh=mesh, in_specs=P("batch"), out_specs=P())(x)
    return y * 2


if __name__ == "__main__":
    mesh = jax.sharding.Mesh(jax.devices(), ("batch",))
    step(jax.numpy.ones((8, 4)), mesh)
