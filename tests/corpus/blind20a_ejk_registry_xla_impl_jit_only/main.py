import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import impls  # noqa: F401  (registers the implementations)
from registry import kernel_registry

CONFIG = {"platform": "xla", "backend": "any", "tp": 4}

mesh = Mesh(np.array(jax.devices()[: CONFIG["tp"]]), ("tp",))
impl = kernel_registry.get("reduce_scatter_matmul", platform=CONFIG["platform"], backend=CONFIG["backend"])


@jax.jit
def row_parallel(x, y):
    return impl(x, y, "tp", CONFIG["tp"])


k_sharded = NamedSharding(mesh, P(None, "tp"))
x = jax.device_put(jnp.ones((256, 512), jnp.float32), k_sharded)
y = jax.device_put(jnp.ones((128, 512), jnp.float32), k_sharded)
row_parallel.trace(x, y).lower(lowering_platforms=("tpu",))
