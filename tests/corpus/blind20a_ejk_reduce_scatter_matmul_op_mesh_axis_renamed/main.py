import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import rs_ops

mesh = Mesh(np.array(jax.devices()), axis_names=("model",))
AXIS = "tp"

row_parallel = functools.partial(rs_ops.reduce_scatter_matmul, mesh=mesh, collective_id=0)


@jax.jit
def block(h, w_o):
    return row_parallel(h, w_o, AXIS)


if __name__ == "__main__":
    h = jnp.ones((512, 512), jnp.float32)
    w_o = jnp.ones((256, 512), jnp.float32)
    block.trace(h, w_o).lower(lowering_platforms=("tpu",))
