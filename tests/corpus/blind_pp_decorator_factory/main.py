"""A project decorator factory that turns a per-stage function into an SPMD program."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def pipeline_parallel(mesh, axis):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapped(*args):
            specs = tuple(P(axis) for _ in args)
            return jax.shard_map(fn, mesh=mesh, in_specs=specs, out_specs=P(axis))(*args)
        return wrapped
    return decorate


MESH = Mesh(np.array(jax.devices()), ("stage",))
FORWARD = [(0, 1), (1, 2), (2, 3)]


@jax.jit
@pipeline_parallel(MESH, "stage")
def forward(acts):
    tok = jax.lax.psend(acts, "stage", FORWARD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(acts.shape, acts.dtype), "stage", FORWARD)


forward.trace(jax.ShapeDtypeStruct((8, 256), jnp.float32)).lower(lowering_platforms=("cuda",))
