"""Row-parallel attention output projection: K (hidden) sharded, output rows scattered over 'tp'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import rs_ops

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]), ("tp",))


@jax.jit
def out_proj(attn, w_o):
    # attn: [tokens, hidden] with hidden sharded; w_o: [d_model, hidden] with hidden sharded
    return rs_ops.reduce_scatter_matmul(attn, w_o, "tp", mesh=mesh, collective_id=0)


attn = jnp.ones((256, TP * 128), jnp.float32)
w_o = jnp.ones((128, TP * 128), jnp.float32)
out_proj.trace(attn, w_o).lower(lowering_platforms=("tpu",))
