from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

import ring

mesh = jax.make_mesh((4,), ("x",))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(None, "x"), P("x", None)), out_specs=P(None, None), check_rep=False)
def matmul_ring(lhs, rhs):
    return ring.collective_matmul_allgather_lhs(lhs, rhs, 4, axis_name="x")


with jax.sharding.use_mesh(mesh):
    lhs = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P(None, "x")))
    rhs = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("x", None)))
    print(matmul_ring.trace(lhs, rhs).lower(lowering_platforms=("cuda",)).as_text()[:40])
