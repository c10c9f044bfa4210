"""Data x tensor parallel: batch rows over 'dp', the kernel's ring over 'tp' on a 2x2 mesh."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ag_kernel import all_gather_matmul

DP, TP = 2, 2
mesh = Mesh(np.array(jax.devices()[: DP * TP]).reshape(DP, TP), ("dp", "tp"))


def make_step():
    @partial(jax.shard_map, mesh=mesh, in_specs=(P(("dp", "tp"), None), P(None, "tp")),
             out_specs=P("dp", "tp"), check_vma=False)
    def step(x, w):
        return all_gather_matmul(x, w, axis_name="tp", tp_size=TP, collective_id=0)

    return jax.jit(step)


step = make_step()
x = jnp.ones((DP * TP * 32, 256), jnp.float32)
w = jnp.ones((256, TP * 128), jnp.float32)
step.trace(x, w).lower(lowering_platforms=("tpu",))
