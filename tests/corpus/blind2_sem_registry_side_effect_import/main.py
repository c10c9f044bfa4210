import functools
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import steps  # noqa: F401
from registry import get_step

MODE = sys.argv[1] if len(sys.argv) > 1 else "eval"

fn, axis_name = get_step(MODE)
mesh = Mesh(np.array(jax.devices()), ("data",))
step = jax.jit(jax.shard_map(functools.partial(fn, axis_name=axis_name), mesh=mesh,
                             in_specs=(P(), P(axis_name)), out_specs=P()))
step.trace(jax.ShapeDtypeStruct((64, 10), jnp.float32), jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(
    lowering_platforms=("cuda",))
