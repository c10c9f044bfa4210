"""A row-parallel projection on ejkernel's Pallas TPU reduce-scatter matmul (ejkernel 0.0.80.3,
`ejkernel/kernels/_pallas/tpu/reduce_scatter_matmul/_pallas_impl.py`, vendored unchanged), called as
ejkernel's own `_interface.py` calls it: inside `jax.shard_map` over the tensor-parallel axis, K sharded.
Lowered for TPU.

Mutation: `axis_name` left at the kernel's default "x"; the mesh axis is "tp".
"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from reduce_scatter_matmul_impl import reduce_scatter_matmul

TP = 4
mesh = jax.make_mesh((TP,), ("tp",))


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=(P(None, "tp"), P(None, "tp")), out_specs=P("tp", None), check_vma=False)
def row_parallel(x, y):
    return reduce_scatter_matmul(x, y, tp_size=TP, collective_id=0)


x = jax.device_put(jnp.ones((1024, TP * 128), jnp.float32), NamedSharding(mesh, P(None, "tp")))
y = jax.device_put(jnp.ones((256, TP * 128), jnp.float32), NamedSharding(mesh, P(None, "tp")))
row_parallel.trace(x, y).lower(lowering_platforms=("tpu",))
