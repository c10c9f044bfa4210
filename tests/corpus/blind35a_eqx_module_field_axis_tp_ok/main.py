from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from tp.layers import ParallelMLP

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
TP = mesh.shape["model"]

mlp = ParallelMLP(32, 128 // TP, "model", key=jax.random.PRNGKey(0))
params, static = eqx.partition(mlp, eqx.is_array)
# each device holds its own slice: stack the per-device slices along the hidden dim
params = jax.tree_util.tree_map(lambda w: jnp.concatenate([w] * TP, axis=1 if w.shape[0] == 32 else 0), params)
param_specs = jax.tree_util.tree_map(lambda w: P(None, "model") if w.shape[0] == 32 else P("model", None), params)


@eqx.filter_jit
def forward(params, x):
    return jax.vmap(eqx.combine(params, static))(x)


sharded_forward = jax.shard_map(
    forward, mesh=mesh, in_specs=(param_specs, P("data", None)), out_specs=P("data", None)
)

x = jnp.ones((8, 32))
jax.jit(sharded_forward).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
