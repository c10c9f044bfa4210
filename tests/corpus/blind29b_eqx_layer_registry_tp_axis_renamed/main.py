import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import layers

# model config from the experiment file; the launcher owns the mesh
MODEL_CONFIG = {"layer": "megatron_mlp", "d_model": 32, "d_ff": 128, "tp_axis": "tensor"}
MESH_SHAPE, MESH_AXES = (2, 2), ("data", "model")

mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=(AxisType.Auto,) * 2)
mlp = layers.build_layer(MODEL_CONFIG["layer"], MODEL_CONFIG, jax.random.PRNGKey(0))

param_specs = eqx.tree_at(lambda m: (m.w_up, m.w_down), mlp,
                          (P(None, "model"), P("model", None)))


def forward(mlp, x):
    return mlp(x)


sharded_forward = jax.shard_map(forward, mesh=mesh,
                                in_specs=(param_specs, P("data", None)),
                                out_specs=P("data", None))


@eqx.filter_jit
def loss(mlp, x):
    return jnp.mean(sharded_forward(mlp, x) ** 2)


x = jnp.ones((8, 32))
hlo = jax.jit(lambda m, x: loss(m, x)).trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()
print("all-reduce" in hlo or "all_reduce" in hlo)
