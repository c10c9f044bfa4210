import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh

import ops

devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, ("x",))

x = jnp.arange(4 * 8 * 128, dtype=jnp.float32).reshape(4 * 8, 128)
lowered = ops.all_gather.trace(x, mesh=mesh, axis_name="x").lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:40])
