"""Row-parallel projection: the op's no-mesh mode used where no shard_map is active."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import rs_ops

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))
k_sharded = NamedSharding(mesh, P(None, "tp"))


class RowParallelProjection:
    def __init__(self, axis_name="tp", tp_size=TP):
        self.axis_name = axis_name
        self.tp_size = tp_size

    def __call__(self, attn, w_o):
        return rs_ops.reduce_scatter_matmul(attn, w_o, self.axis_name, tp_size=self.tp_size)


proj = RowParallelProjection()
attn = jax.device_put(jnp.ones((256, TP * 128), jnp.float32), k_sharded)
w_o = jax.device_put(jnp.ones((128, TP * 128), jnp.float32), k_sharded)
jax.jit(proj).trace(attn, w_o).lower(lowering_platforms=("tpu",))
