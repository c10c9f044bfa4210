"""Mesh axis names kept in a str-valued Enum (as large codebases do); the data-parallel
run builds a 1-D mesh from Axis.DATA only, but the loss still reduces over Axis.MODEL."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


mesh = Mesh(np.array(jax.devices()), (Axis.DATA.value,))


def row_parallel_loss(x, w):
    y = jax.lax.psum(x @ w, Axis.MODEL)
    return jax.lax.pmean(jnp.mean(y ** 2), Axis.DATA)


f = jax.jit(jax.shard_map(row_parallel_loss, mesh=mesh, in_specs=(P("data"), P()),
                          out_specs=P()))
f.trace(jax.ShapeDtypeStruct((16, 256), jnp.float32),
        jax.ShapeDtypeStruct((256, 32), jnp.float32)).lower(lowering_platforms=("cuda",))
