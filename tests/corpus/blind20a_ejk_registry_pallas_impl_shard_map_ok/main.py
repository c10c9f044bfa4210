import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import impls  # noqa: F401  (registers the implementations)
from registry import kernel_registry

CONFIG = {"platform": "pallas", "backend": "tpu", "tp": 4}

mesh = Mesh(np.array(jax.devices()[: CONFIG["tp"]]), ("tp",))
impl = kernel_registry.get("reduce_scatter_matmul", platform=CONFIG["platform"], backend=CONFIG["backend"])


def row_parallel(x, y):
    return impl(x, y, "tp", CONFIG["tp"])


step = jax.jit(jax.shard_map(row_parallel, mesh=mesh, in_specs=(P(None, "tp"), P(None, "tp")),
                             out_specs=P("tp", None), check_vma=False))
x = jnp.ones((256, 512), jnp.float32)
y = jnp.ones((128, 512), jnp.float32)
step.trace(x, y).lower(lowering_platforms=("tpu",))
