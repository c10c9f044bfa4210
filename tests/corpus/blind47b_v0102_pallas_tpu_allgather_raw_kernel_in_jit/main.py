import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding

import ops


@jax.jit
def gather_then_matmul(x, w):
    g = ops.all_gather(x)            # [num_devices(*shards), 8, 128]
    return jnp.einsum("dij,jk->dik", g, w)


input_arr = jax.random.uniform(jax.random.key(0), (8 * ops.num_devices, 128))
input_arr = jax.device_put(input_arr, NamedSharding(ops.mesh, ops.partition))
w = jnp.ones((128, 128))

if __name__ == "__main__":
    print(gather_then_matmul.trace(input_arr, w).lower(lowering_platforms=("tpu",)).as_text()[:40])
