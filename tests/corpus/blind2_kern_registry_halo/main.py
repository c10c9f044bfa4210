import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ejk import Executor, Platform

mesh = Mesh(np.array(jax.devices()), ("sp",))
executor = Executor(Platform.PALLAS)


def exchange(x):
    return executor("halo_exchange", x, axis_name="sp")


f = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P("sp"), out_specs=P(None, "sp"), check_vma=False))
f.trace(jax.ShapeDtypeStruct((8 * mesh.size, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
