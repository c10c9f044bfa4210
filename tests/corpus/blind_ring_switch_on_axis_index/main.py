"""Position-dependent ring step: lax.switch on the device's axis_index picks the branch, and every
branch shifts with ppermute."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("ring",))
RIGHT = [(i, (i + 1) % 4) for i in range(4)]


def first(x):
    return jax.lax.ppermute(x * 2.0, "ring", RIGHT)


def middle(x):
    return jax.lax.ppermute(x, "ring", RIGHT)


def last(x):
    return jax.lax.ppermute(-x, "ring", RIGHT)


def step(x):
    idx = jax.lax.axis_index("ring")
    branch = jnp.where(idx == 0, 0, jnp.where(idx == 3, 2, 1))
    return jax.lax.switch(branch, (first, middle, last), x)


f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("ring"), out_specs=P("ring")))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
