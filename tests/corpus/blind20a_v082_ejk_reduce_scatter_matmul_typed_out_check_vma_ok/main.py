"""Stack of row-parallel layers scanned inside a checking shard_map (JAX 0.8.2)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import reduce_scatter_matmul

TP = 4
LAYERS = 3
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "tp"), P(None, None, "tp")), out_specs=P(None, "tp", None))
def stacked(h, ws):
    def layer(carry, w):
        out = reduce_scatter_matmul(carry, w, axis_name="tp", tp_size=TP)
        return carry * 0.5, out

    _, outs = lax.scan(layer, h, ws)
    return outs


h = jnp.ones((256, TP * 128), jnp.float32)
ws = jnp.ones((LAYERS, 128, TP * 128), jnp.float32)
jax.jit(stacked).trace(h, ws).lower(lowering_platforms=("tpu",))
