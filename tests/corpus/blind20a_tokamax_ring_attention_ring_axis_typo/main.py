"""Sequence-parallel attention block configured from a dataclass whose ring axis name is stale."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import ring_attention


@dataclasses.dataclass
class RingAttentionConfig:
    ring_axis: str = "seq"
    heads_axis: str = "heads"


cfg = RingAttentionConfig()
mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ("heads", "ring"))
spec = P("heads", "ring", None)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(spec,) * 3, out_specs=spec, check_vma=False)
def attention_block(q, k, v):
    return ring_attention(q, k, v, ring_axis=cfg.ring_axis)


x = jnp.ones((4, 256, 64), jnp.float32)
attention_block.trace(x, x, x).lower(lowering_platforms=("tpu",))
