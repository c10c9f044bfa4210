from functools import partial

import jax
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, reshard

from optim import guarded_sgd

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)


@partial(jax.jit, donate_argnums=0)
def apply_grads(params, grads):
  return guarded_sgd(params, grads)


params = {
    "embed": reshard(np.zeros((128, 32), np.float32), P("fsdp", "tp")),
    "bias": reshard(np.zeros((32,), np.float32), P(None)),
}
grads = jax.tree.map(lambda p: p * 0.5, params)
print(apply_grads.trace(params, grads).lower(lowering_platforms=("cuda",)).as_text()[:40])
