"""Sequence-parallel -> tensor-parallel MLP on ejkernel's XLA all-gather matmul, with gradients."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from xla_agmm import all_gather_matmul

mesh = Mesh(np.array(jax.devices()), ("tp",))


def loss_fn(w_up, x):
    h = all_gather_matmul(x, w_up, "tp")  # [tokens, ffn_local]
    return jax.lax.psum(jnp.sum(jax.nn.relu(h) ** 2), "tp") / x.shape[0]


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)), out_specs=(P(), P(None, "tp")))
def step(w_up, x):
    loss, g = jax.value_and_grad(loss_fn)(w_up, x)
    return loss, g


w_up = jnp.ones((128, 512), jnp.float32)
x = jnp.ones((64, 128), jnp.float32)
step.trace(w_up, x).lower(lowering_platforms=("tpu",))
