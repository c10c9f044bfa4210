import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ejk import Executor, Platform

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("sp", "tp"))
executor = Executor(Platform.PALLAS)


def exchange(x):
    return executor("halo_exchange", x, axis_name="sp")


# Only the sequence axis is manual; the tensor axis stays with the compiler.
f = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P("sp"), out_specs=P(None, "sp"), axis_names={"sp"},
                          check_vma=False))
f.trace(jax.ShapeDtypeStruct((8 * mesh.shape["sp"], 128), jnp.float32)).lower(lowering_platforms=("tpu",))
