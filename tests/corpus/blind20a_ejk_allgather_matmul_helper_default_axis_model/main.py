import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import column_parallel_matmul

TP = 4
mesh = Mesh(np.array(jax.devices()[:TP]).reshape(TP), ("tp",))


def mlp_up(x, w):
    return jax.nn.gelu(column_parallel_matmul(x, w, TP))


step = jax.jit(jax.shard_map(mlp_up, mesh=mesh, in_specs=(P("tp", None), P(None, "tp")), out_specs=P(None, "tp"),
                             check_vma=False))

x = jnp.ones((TP * 16, 256), jnp.bfloat16)
w = jnp.ones((256, TP * 256), jnp.bfloat16)
step.trace(x, w).lower(lowering_platforms=("tpu",))
