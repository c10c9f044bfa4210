"""The training script composes its transformations from a list (shard_map first, then jit),
re-binding `step` in a loop."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def step(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return w - 0.01 * jax.lax.pmean(g, "data")


TRANSFORMS = [
    partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P()),
    jax.jit,
]
for transform in TRANSFORMS:
    step = transform(step)

step.trace(jax.ShapeDtypeStruct((16, 16), jnp.float32),
           jax.ShapeDtypeStruct((64, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
