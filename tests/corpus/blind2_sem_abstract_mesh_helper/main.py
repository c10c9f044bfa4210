import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, Mesh

from ops import sharded_rms_norm

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("batch", "features"), axis_types=(AxisType.Explicit,) * 2)

with jax.set_mesh(mesh):
    x = jax.ShapeDtypeStruct((16, 1024), jnp.float32,
                             sharding=jax.sharding.NamedSharding(mesh, jax.P(None, "features")))
    jax.jit(sharded_rms_norm).trace(x).lower(lowering_platforms=("cuda",))
