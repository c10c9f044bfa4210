import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

DEBUG = False
mesh = Mesh(np.array(jax.devices()), ("model",))


def tp_matmul(x, w):
    partial_out = x @ w
    if DEBUG:
        full = lax.all_gather(partial_out, "mp")
        jax.debug.print("partials {}", full.sum(0))
    return lax.psum(partial_out, "model")


f = jax.jit(jax.shard_map(tp_matmul, mesh=mesh, in_specs=(P(None, "model"), P("model", None)), out_specs=P()))
f.trace(jnp.ones((8, 64)), jnp.ones((64, 16))).lower(lowering_platforms=("cuda",))
