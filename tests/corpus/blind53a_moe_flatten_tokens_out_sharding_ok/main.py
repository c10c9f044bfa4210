import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from moe import route_tokens

mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Explicit,))

B, T, D, E = 2, 64, 32, 8

with jax.set_mesh(mesh):
    x = jax.ShapeDtypeStruct((B, T, D), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, "seq", None)))
    w = jax.ShapeDtypeStruct((D, E), jnp.bfloat16, sharding=NamedSharding(mesh, P()))
    lowered = jax.jit(route_tokens, static_argnames="k").trace(x, w, k=2).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])
