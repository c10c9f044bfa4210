import jax
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P

from stats import running_moments

mesh = jax.make_mesh((4,), ("feat",), axis_types=(AxisType.Explicit,))

with jax.set_mesh(mesh):
  xs = jax.device_put(np.ones((32, 64), np.float32), P(None, "feat"))
  lowered = jax.jit(running_moments).trace(xs).lower(lowering_platforms=("cuda",))

print(lowered.as_text()[:40])
