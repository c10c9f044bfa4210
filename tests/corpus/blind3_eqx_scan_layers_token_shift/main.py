from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from blocks import Stack

SEQ_AXIS = "sp"
mesh = Mesh(jax.devices(), (SEQ_AXIS,))
model = Stack(num_layers=4, dim=32, axis_name=SEQ_AXIS, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P(None, SEQ_AXIS))
def apply(params, tokens):
    model = eqx.combine(params, static)
    return jax.vmap(model)(tokens)


apply.trace(params, jnp.zeros((2, 64, 32))).lower(lowering_platforms=("cuda",))
