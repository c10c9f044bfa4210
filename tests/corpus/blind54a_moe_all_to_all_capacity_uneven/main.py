from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import moe

NUM_EXPERTS = 6
CAPACITY = 8

mesh = Mesh(np.array(jax.devices()), (moe.EXPERT_AXIS,))


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(moe.EXPERT_AXIS), P(), P(moe.EXPERT_AXIS)),
         out_specs=P(moe.EXPERT_AXIS))
def moe_layer(tokens, router_w, expert_w):
    return moe.dispatch_combine(tokens, router_w, expert_w, NUM_EXPERTS, CAPACITY)


@jax.jit
def forward(tokens, router_w, expert_w):
    return tokens + moe_layer(tokens, router_w, expert_w)


if __name__ == "__main__":
    tokens = jax.ShapeDtypeStruct((64, 128), jnp.float32)
    router_w = jax.ShapeDtypeStruct((128, NUM_EXPERTS), jnp.float32)
    # 6 experts; weights padded to 8 so they shard evenly over the 4 devices
    expert_w = jax.ShapeDtypeStruct((8, 128, 128), jnp.float32)
    forward.trace(tokens, router_w, expert_w).lower(lowering_platforms=("tpu",))
