"""Sequence-parallel projection with a replicated weight, differentiated inside a checking shard_map."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from xla_agmm import all_gather_matmul

mesh = Mesh(np.array(jax.devices()), ("tp",))


def loss_fn(w, x):
    h = all_gather_matmul(x, w, "tp")  # every device computes the full [tokens, d_out]
    return jnp.mean(h ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("tp", None)), out_specs=(P(), P()))
def step(w, x):
    loss, g = jax.value_and_grad(loss_fn)(w, x)
    return jax.lax.pmean(loss, "tp"), jax.lax.pmean(g, "tp")


w = jnp.ones((128, 256), jnp.float32)
x = jnp.ones((64, 128), jnp.float32)
step.trace(w, x).lower(lowering_platforms=("tpu",))
