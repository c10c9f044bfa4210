"""A ring all-reduce written against the context-mesh API (`jax.sharding.use_mesh`, shard_map
without mesh=)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def ring_allreduce(x, axis_name="ring"):
    n = jax.lax.axis_size(axis_name)
    perm = [(i, (i + 1) % n) for i in range(n)]

    def step(_, carry):
        acc, blk = carry
        blk = jax.lax.ppermute(blk, axis_name, perm)
        return acc + blk, blk

    acc, _ = jax.lax.fori_loop(0, n - 1, step, (x, x))
    return acc


mesh = Mesh(np.array(jax.devices()), ("ring",))
with jax.sharding.use_mesh(mesh):
    f = jax.jit(jax.shard_map(ring_allreduce, in_specs=P("ring"), out_specs=P("ring")))
    f.trace(jax.ShapeDtypeStruct((16, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
