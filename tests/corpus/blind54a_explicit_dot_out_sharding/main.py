"""Explicit sharding tutorial: matmul with out_sharding and reshard."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, NamedSharding, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


@jax.jit
def ffn(x, w1, w2):
    # x: (B@X, D), w1: (D, F@Y) -> h: (B@X, F@Y)
    h = jnp.dot(x, w1, out_sharding=P("X", "Y"))
    h = jax.nn.gelu(h)
    # contract over the sharded F dim, ask for batch-sharded output
    y = jnp.einsum("bf,fd->bd", h, w2, out_sharding=P("X", None))
    return reshard(y, P(None, None)).sum(axis=0)


if __name__ == "__main__":
    with jax.set_mesh(mesh):
        x = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P("X", None)))
        w1 = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=NamedSharding(mesh, P(None, "Y")))
        w2 = jax.ShapeDtypeStruct((256, 64), jnp.float32, sharding=NamedSharding(mesh, P("Y", None)))
        ffn.trace(x, w1, w2).lower(lowering_platforms=("tpu",))
