import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, reshard

# Written against the JAX 'Explicit sharding' guide, run on JAX 0.8.2.
mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)


@jax.jit
def layer(a, w):
    a = reshard(a, P("x", None))
    out = jnp.dot(a, w)
    return reshard(out, P("x", "y"))


a = jnp.arange(8 * 16, dtype=jnp.float32).reshape(8, 16)
w = jnp.ones((16, 4))
print(layer.trace(a, w).lower(lowering_platforms=("cuda",)).as_text()[:10])
