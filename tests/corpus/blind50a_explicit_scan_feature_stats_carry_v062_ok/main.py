import jax
import numpy as np
from jax.experimental.shard import reshard
from jax.sharding import AxisType, PartitionSpec as P

from stats import running_moments

mesh = jax.make_mesh((4,), ("feat",), axis_types=(AxisType.Explicit,))

with jax.sharding.use_mesh(mesh):
  xs = reshard(np.ones((32, 64), np.float32), P(None, "feat"))
  lowered = jax.jit(running_moments).trace(xs).lower(lowering_platforms=("cuda",))

print(lowered.as_text()[:40])
