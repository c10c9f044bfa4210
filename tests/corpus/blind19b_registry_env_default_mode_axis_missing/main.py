import os

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def dp_step(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return w - 0.01 * lax.pmean(g, "data")


def tp_step(w, x):
    y = lax.psum(x @ w, "tensor")
    return w - 0.01 * jnp.mean(y)


STEPS = {
    "dp": (dp_step, (P(), P("data")), P()),
    "tp": (tp_step, (P(None, "data"), P()), P(None, "data")),
}

mode = os.environ.get("PARALLEL_MODE", "tp")
fn, in_specs, out_specs = STEPS[mode]
step = jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
step.trace(jnp.zeros((16, 8)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
