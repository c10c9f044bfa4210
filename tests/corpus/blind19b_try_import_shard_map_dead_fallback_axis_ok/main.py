import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

try:
    from jax import shard_map as _shard_map

    DP = "data"

    def smap(f, mesh, in_specs, out_specs):
        return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
except ImportError:  # very old JAX
    from jax.experimental.shard_map import shard_map as _shard_map

    DP = "batch"

    def smap(f, mesh, in_specs, out_specs):
        return _shard_map(f, mesh, in_specs, out_specs, check_rep=False)


mesh = Mesh(np.array(jax.devices()), ("data",))


def grad_step(w, x):
    g = jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w)))(w)
    return lax.pmean(g, DP)


step = jax.jit(smap(grad_step, mesh, (P(), P("data")), P()))
step.trace(jnp.zeros((8, 8)), jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
