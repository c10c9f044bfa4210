import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]


def exchange(v):
    tok = jax.lax.psend(v, "i", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "i", PERM)


mesh = jax.sharding.Mesh(jax.devices(), ("i",))
step = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=(P("i"),), out_specs=P("i")))
step.lower(jnp.ones((4, 16)))
