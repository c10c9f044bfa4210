"""Column-parallel projection on a Pallas TPU all-gather matmul (ejkernel), sequence rows sharded over 'tp'."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ag_kernel import all_gather_matmul

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("tp", None), P(None, "tp")), out_specs=P(None, "tp"),
         check_vma=False)
def column_parallel(x, w):
    return all_gather_matmul(x, w, axis_name="tp", tp_size=TP, collective_id=0)


if __name__ == "__main__":
    x = jax.device_put(jnp.ones((TP * 32, 256), jnp.bfloat16), NamedSharding(mesh, P("tp", None)))
    w = jax.device_put(jnp.ones((256, TP * 128), jnp.bfloat16), NamedSharding(mesh, P(None, "tp")))
    print(column_parallel.trace(x, w).lower(lowering_platforms=("tpu",)).as_text()[:200])
