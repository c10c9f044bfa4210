import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from compat import mesh_context

mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Explicit,) * 2)


def dense(x, w):
    return jnp.einsum("bd,df->bf", x, w, out_sharding=P("data", "tensor"))


with mesh_context(mesh):
    x = jax.device_put(jnp.ones((8, 16)), P("data", None))
    w = jax.device_put(jnp.ones((16, 32)), P(None, "tensor"))
    print(jax.jit(dense).trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:30])
