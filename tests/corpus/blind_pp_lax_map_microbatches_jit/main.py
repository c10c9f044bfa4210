"""Microbatches of a pipeline stage processed sequentially with lax.map, jitted
with a sharded input instead of shard_mapped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("stage",))
PERM = [(0, 1), (1, 2), (2, 3)]


def one_microbatch(x):
    tok = jax.lax.psend(x, "stage", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", PERM)


def stage(xs):
    return jax.lax.map(one_microbatch, xs)


xs = jax.ShapeDtypeStruct((4, 16, 32), jnp.float32, sharding=NamedSharding(mesh, P(None, "stage")))
jax.jit(stage).trace(xs).lower(lowering_platforms=("cuda",))
