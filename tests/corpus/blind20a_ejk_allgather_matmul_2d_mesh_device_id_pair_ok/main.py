"""Data x tensor parallel column projection: the ring runs along 'tp' inside each 'dp' row."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import ag_kernel

DP, TP = 2, 2
devices = np.array(jax.devices()[: DP * TP]).reshape(DP, TP)
mesh = Mesh(devices, axis_names=("dp", "tp"))


def forward(x, w):
    return ag_kernel.all_gather_matmul(x, w, axis_name="tp", outer_axis="dp", tp_size=TP, collective_id=1)


forward = jax.shard_map(forward, mesh=mesh, in_specs=(P(("dp", "tp"), None), P(None, "tp")),
                        out_specs=P("dp", "tp"), check_vma=False)
forward = jax.jit(forward)

if __name__ == "__main__":
    x = jnp.ones((DP * TP * 32, 256), jnp.float32)
    w = jnp.ones((256, TP * 128), jnp.float32)
    forward.trace(x, w).lower(lowering_platforms=("tpu",))
