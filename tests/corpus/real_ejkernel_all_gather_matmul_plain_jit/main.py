"""A column-parallel linear layer on ejkernel's Pallas TPU all-gather matmul (ejkernel 0.0.80.3,
`ejkernel/kernels/_pallas/tpu/all_gather_matmul/_pallas_impl.py`, vendored unchanged), called as
ejkernel's own `_interface.py` calls it (its registry/beartype wrapper aside): inside `jax.shard_map`
over the tensor-parallel axis. Lowered for TPU.

Mutation: the layer jitted without its `shard_map`.
"""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from all_gather_matmul_impl import all_gather_matmul

TP = 4
mesh = jax.make_mesh((TP,), ("tp",))


def column_parallel(x, w, *, axis_name, tp_size=None):
    return all_gather_matmul(x, w, axis_name=axis_name, tp_size=tp_size, collective_id=0)


layer = jax.shard_map(
    functools.partial(column_parallel, axis_name="tp", tp_size=TP),
    mesh=mesh,
    in_specs=(P("tp", None), P(None, "tp")),
    out_specs=P(None, "tp"),
    check_vma=False,
)

x = jax.device_put(jnp.ones((TP * 32, 256), jnp.bfloat16), NamedSharding(mesh, P("tp", None)))
w = jax.device_put(jnp.ones((256, TP * 128), jnp.bfloat16), NamedSharding(mesh, P(None, "tp")))
jax.jit(functools.partial(column_parallel, axis_name="tp", tp_size=TP)).trace(x, w).lower(lowering_platforms=("tpu",))
