"""Column-parallel layer jitted with NamedShardings only: GSPMD is expected to split the kernel."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ag_kernel import all_gather_matmul

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))
row_sharded = NamedSharding(mesh, P("tp", None))
col_sharded = NamedSharding(mesh, P(None, "tp"))


def column_parallel(x, w, *, axis_name="tp"):
    return all_gather_matmul(x, w, axis_name=axis_name, tp_size=TP)


layer = jax.jit(functools.partial(column_parallel, axis_name="tp"),
                in_shardings=(row_sharded, col_sharded), out_shardings=col_sharded)

x = jnp.ones((TP * 32, 256), jnp.bfloat16)
w = jnp.ones((256, TP * 128), jnp.bfloat16)
layer.trace(x, w).lower(lowering_platforms=("tpu",))
