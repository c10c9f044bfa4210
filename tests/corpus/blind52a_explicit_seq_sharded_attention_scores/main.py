import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from attention import attention

mesh = jax.make_mesh((2, 2), ("data", "seq"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
    x = jax.ShapeDtypeStruct((4, 16, 32), jnp.float32, sharding=NamedSharding(mesh, P("data", "seq", None)))
    w = jax.ShapeDtypeStruct((32, 32), jnp.float32, sharding=NamedSharding(mesh, P()))
    print(attention.trace(x, w, w, w, causal=True).lower(lowering_platforms=("cuda",)).as_text()[:40])
