import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RowParallelLinear

mesh = Mesh(np.array(jax.devices()), ("tp",))
layer = RowParallelLinear(jax.ShapeDtypeStruct((512, 128), jnp.float32), "tp")


def apply(layer, x):
    return layer(x)


layer_spec = RowParallelLinear(P("tp", None), "tp")
f = jax.jit(jax.shard_map(apply, mesh=mesh, in_specs=(layer_spec, P(None, "tp")), out_specs=P()))
f.trace(layer, jax.ShapeDtypeStruct((16, 512), jnp.float32)).lower(lowering_platforms=("cuda",))
