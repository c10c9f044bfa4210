"""Microbatches of a pipeline stage processed sequentially with lax.map inside shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("stage",))
PERM = [(0, 1), (1, 2), (2, 3)]


def one_microbatch(x):
    tok = jax.lax.psend(x, "stage", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", PERM)


def stage(xs):
    return jax.lax.map(one_microbatch, xs)


f = jax.jit(jax.shard_map(stage, mesh=mesh, in_specs=P(None, "stage"), out_specs=P(None, "stage")))
f.trace(jax.ShapeDtypeStruct((4, 16, 32), jnp.float32)).lower(lowering_platforms=("cuda",))
