"""A row-parallel layer subclassing the project's ShardedLayer, run over a ("tp",) mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RowParallel

mesh = Mesh(np.array(jax.devices()), ("tp",))
layer = RowParallel()
f = jax.jit(jax.shard_map(layer, mesh=mesh, in_specs=(P("tp", None), P(None, "tp")), out_specs=P()))
f.trace(jax.ShapeDtypeStruct((512, 128), jnp.float32),
        jax.ShapeDtypeStruct((4, 512), jnp.float32)).lower(lowering_platforms=("cuda",))
