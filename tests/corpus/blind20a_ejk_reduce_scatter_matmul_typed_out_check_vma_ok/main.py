"""MLP down-projection with a vma-typed Pallas reduce-scatter matmul under a checking shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import reduce_scatter_matmul

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))


def mlp_down(h, w_down):
    h = jax.nn.silu(h)
    return reduce_scatter_matmul(h, w_down, axis_name="tp", tp_size=TP)


mlp_down_sharded = jax.shard_map(mlp_down, mesh=mesh, in_specs=(P(None, "tp"), P(None, "tp")),
                                 out_specs=P("tp", None))

h = jnp.ones((512, TP * 256), jnp.float32)
w_down = jnp.ones((128, TP * 256), jnp.float32)
jax.jit(mlp_down_sharded).trace(h, w_down).lower(lowering_platforms=("tpu",))
