import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

grid = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))


def total(v):
    return jax.lax.psum(v, "y")


f = jax.shard_map(
    total,
    mesh=grid,
    in_specs=P("x"),
    axis_names={"x"},  # only x is manual
    out_specs=P("x"),
)


if __name__ == "__main__":
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 16), np.float32)).lower(lowering_platforms=("cuda",))
