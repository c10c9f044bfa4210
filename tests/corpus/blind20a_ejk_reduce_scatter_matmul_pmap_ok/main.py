"""Legacy pmap training script calling the Pallas reduce-scatter matmul with per-device K shards."""
import functools

import jax
import jax.numpy as jnp

from rs_kernel import reduce_scatter_matmul

n_dev = 4


@functools.partial(jax.pmap, axis_name="tp")
def row_parallel(x_shard, y_shard):
    return reduce_scatter_matmul(x_shard, y_shard, axis_name="tp", tp_size=n_dev)


x = jnp.ones((n_dev, 256, 128), jnp.float32)   # [device, m, k_shard]
y = jnp.ones((n_dev, 128, 128), jnp.float32)   # [device, n, k_shard]
jax.jit(row_parallel).trace(x, y).lower(lowering_platforms=("tpu",))
