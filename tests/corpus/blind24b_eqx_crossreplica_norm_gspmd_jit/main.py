"""Moved from a shard_map data-parallel step to GSPMD: batch sharded with NamedSharding,
jax.jit partitions the step automatically."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from nets.norm import Net

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("data"))
model = Net(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, y):
    return jnp.mean((eqx.combine(params, static)(x) - y) ** 2)


train_step = jax.jit(lambda p, x, y: jax.tree_util.tree_map(lambda a, g: a - 1e-2 * g, p, jax.grad(loss_fn)(p, x, y)),
                     in_shardings=(None, data_sharding, data_sharding))
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
lowered = train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
