"""MoE router with expert-sharded gate weights: global top-k across tensor-parallel shards."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe_comm import tp_global_topk

NUM_EXPERTS, TOP_K = 16, 2
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("dp", None), P(None, "tp")), out_specs=(P("dp"), P("dp")),
         check_vma=False)
def route(tokens, gate_w):
    logits_shard = tokens @ gate_w  # [tokens_local, experts_local]
    weights, experts = tp_global_topk(logits_shard, TOP_K, "tp")
    return jax.nn.softmax(weights, axis=-1), experts


tokens = jnp.ones((64, 128), jnp.float32)
gate_w = jnp.ones((128, NUM_EXPERTS), jnp.float32)
route.trace(tokens, gate_w).lower(lowering_platforms=("tpu",))
