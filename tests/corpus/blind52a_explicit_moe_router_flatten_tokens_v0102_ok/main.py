import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import moe

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((4, 8, 32), jnp.float32), P("data", "model", None))
    w_router = jax.device_put(jnp.zeros((32, 8), jnp.float32), P())
    f = jax.jit(jax.grad(moe.top1_dispatch, argnums=1))
    print(f.trace(x, w_router).lower(lowering_platforms=("cuda",)).as_text()[:40])
