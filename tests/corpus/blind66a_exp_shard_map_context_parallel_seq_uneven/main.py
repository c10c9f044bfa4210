from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

import config
from cp import cp_attention

mesh = jax.make_mesh((4,), (config.CP_AXIS,))
seq_sharded = P(None, config.CP_AXIS, None, None)

attention = jax.jit(shard_map(
    partial(cp_attention, num_shards=mesh.shape[config.CP_AXIS]),
    mesh=mesh,
    in_specs=(seq_sharded, seq_sharded, seq_sharded),
    out_specs=seq_sharded,
    check_rep=True,
))

qkv = jax.ShapeDtypeStruct((2, config.SEQ_LEN, config.N_HEADS, config.HEAD_DIM), jnp.bfloat16)
attention.trace(qkv, qkv, qkv).lower(lowering_platforms=("tpu",))
