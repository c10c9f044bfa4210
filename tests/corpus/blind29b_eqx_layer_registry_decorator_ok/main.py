import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import layers

CONFIG = {"layer": "megatron_mlp", "d_model": 32, "d_ff": 128, "tp_axis": "model",
          "mesh_shape": (2, 2), "mesh_axes": ("data", "model")}

mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"],
                     axis_types=(AxisType.Auto,) * 2)
mlp = layers.build_layer(CONFIG["layer"], CONFIG, jax.random.PRNGKey(0))


def forward(mlp, x):
    return mlp(x)


sharded_forward = jax.shard_map(forward, mesh=mesh,
                                in_specs=(mlp.partition_specs(), P("data", None)),
                                out_specs=P("data", None))


@eqx.filter_jit
def loss(mlp, x):
    return jnp.mean(sharded_forward(mlp, x) ** 2)


x = jnp.ones((8, 32))
hlo = jax.jit(lambda m, x: loss(m, x)).trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()
print("all-reduce" in hlo or "all_reduce" in hlo)
