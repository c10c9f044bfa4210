import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from stencil import jacobi_step

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))

# rows split over "y", columns over "x"
step = shard_map(jacobi_step, mesh=mesh, in_specs=P("y", "x"),
                 out_specs=P("y", "x"), check_rep=False)
step = jax.jit(step)

if __name__ == "__main__":
  u = jax.ShapeDtypeStruct((256, 256), jnp.float32)
  step.trace(u).lower(lowering_platforms=("tpu",))
