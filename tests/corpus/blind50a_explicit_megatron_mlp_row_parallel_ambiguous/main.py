import jax
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, reshard

from model import init_params, mlp

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

params = init_params(d_model=16, d_ff=64)
x = reshard(np.ones((8, 16), np.float32), P("data", None))

step = jax.jit(mlp)
print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
