import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe_comm import psum_maybe, slice_k_for_param_shards

mesh = Mesh(np.array(jax.devices()).reshape(1, 4), ("sp", "fsdp"))
K, N = 512, 128
K_AXES = ("sp", "fsdp")
chunk = K // 4


def sharded_k_matmul(x, w_shard):
    x_local = slice_k_for_param_shards(x, chunk, K_AXES, mesh, axis=1)
    return psum_maybe(x_local @ w_shard, K_AXES, mesh)


f = jax.jit(jax.shard_map(sharded_k_matmul, mesh=mesh, in_specs=(P(), P("fsdp", None)), out_specs=P()))
x = jnp.ones((32, K), jnp.float32)
w = jnp.ones((K, N), jnp.float32)
f.trace(x, w).lower(lowering_platforms=("tpu",))
