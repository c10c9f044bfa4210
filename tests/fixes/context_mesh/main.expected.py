import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("dp", "tp"))


def inner(x):
    return jax.lax.psum(x, "tp")


def outer(x):
    y = jax.shard_map(inner, in_specs=P(None, "tp"), out_specs=P(), axis_names={"tp"})(x)
    return jax.lax.pmean(y, "dp")


if __name__ == "__main__":
    f = jax.shard_map(outer, mesh=mesh, in_specs=P("dp"), out_specs=P(), axis_names={"dp"})
    jax.jit(f).trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
