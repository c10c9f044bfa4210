from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "tensor"))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("data", "tensor"), P("tensor", None)),
         out_specs=P("data", None))
def allgather_matmul(x_block, w_block):
    # FSDP-style: gather the weight's rows, then the activation's columns, locally
    w = jax.lax.all_gather(w_block, "tensor", tiled=True)
    x = jax.lax.all_gather(x_block, "model", axis=1, tiled=True)
    return x @ w


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 32)), P("data", "tensor"))
    w = jax.device_put(jnp.ones((32, 16)), P("tensor", None))
    print(allgather_matmul.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:10])
